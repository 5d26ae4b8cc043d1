/** Words the review screens show for the scanner's codes, and field names for validation messages. */
import type { Playbook, Severity } from '../../core/scan/playbook';
import type { FlagStatus } from '../../core/scan/types';

export const SEVERITY_LABEL: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', info: 'Info' };

export const NEXT_STATUSES: Record<FlagStatus, readonly FlagStatus[]> = {
  open: ['resolved', 'dismissed', 'escalated'],
  escalated: ['resolved', 'dismissed', 'open'],
  resolved: ['open'],
  dismissed: ['open'],
};

export function dateTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const FIELD: Record<string, string> = {
  name: 'Name', version: 'Version', language: 'Language', jurisdiction: 'Jurisdiction', author: 'Author', description: 'Description', id: 'Id',
  title: 'Title', clauseType: 'Clause type', severity: 'Severity', kind: 'Kind', match: 'Match', explanation: 'Explanation', guidance: 'Guidance',
  fallback: 'Fallback language', checks: 'Checks', phrases: 'Phrases', pattern: 'Pattern', negate: 'Negate', value: 'Value', op: 'Comparison',
  amount: 'Amount', unit: 'Unit', currency: 'Currency', near: 'Near', date: 'Date', list: 'List', question: 'Question', type: 'Type',
  keywords: 'Keywords', keywordsByLanguage: 'Keywords in other languages', signals: 'Signals', examples: 'Examples', weight: 'Weight', clauseTypes: 'Clause types', rules: 'Rules', schemaVersion: 'Schema version',
};

/** A JSON pointer as people read it: "/rules/3/checks/0/amount" → "Rule 4 “Notice” › Check 1 › Amount". */
export function fieldLabel(pointer: string, playbook: Partial<Playbook> | null): string {
  const parts = pointer.split('/').slice(1);
  if (parts.length === 0) return 'Playbook';
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const index = Number(parts[i + 1]);
    if ((part === 'rules' || part === 'clauseTypes' || part === 'checks' || part === 'signals') && Number.isInteger(index)) {
      const noun = { rules: 'Rule', clauseTypes: 'Clause type', checks: 'Check', signals: 'Signal' }[part];
      const title = part === 'rules' ? playbook?.rules?.[index]?.title : part === 'clauseTypes' ? playbook?.clauseTypes?.[index]?.name : undefined;
      out.push(`${noun} ${index + 1}${title ? ` “${title}”` : ''}`);
      i++;
    } else if (Number.isInteger(Number(part))) out.push(`item ${Number(part) + 1}`);
    else out.push(FIELD[part] ?? part);
  }
  return out.join(' › ');
}
