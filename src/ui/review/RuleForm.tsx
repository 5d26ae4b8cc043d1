/**
 * One rule of a playbook as a form: title, id, clause type, severity, kind, how its checks
 * combine, each check with the fields of its type, and the texts shown with a flag (explanation,
 * guidance, fallback language). Validation messages appear under the field they name.
 */
import { useId, type ReactNode } from 'react';
import { SEVERITIES, type Check, type ClauseType, type Rule } from '../../core/scan/playbook';
import type { PlaybookIssue } from '../../core/scan/validate';
import { SEVERITY_LABEL } from './labels';

type Fields = Record<string, unknown>;

const KINDS: readonly { readonly id: Rule['kind']; readonly label: string }[] = [
  { id: 'required', label: 'Required — a clause of this type must exist (and pass the checks)' },
  { id: 'prohibited', label: 'Prohibited — every clause of this type (passing the checks) is flagged' },
  { id: 'condition', label: 'Condition — every clause of this type must pass the checks' },
];

const CHECK_TYPES: readonly { readonly id: Check['type']; readonly label: string }[] = [
  { id: 'phrases', label: 'Phrases' },
  { id: 'pattern', label: 'Pattern (RE2)' },
  { id: 'value', label: 'Value' },
  { id: 'model', label: 'Question to the language model' },
];

const VALUE_KINDS = [
  { id: 'duration', label: 'Duration' },
  { id: 'amount', label: 'Amount of money' },
  { id: 'percentage', label: 'Percentage' },
  { id: 'fee_months', label: 'Cap in months of fees' },
  { id: 'date', label: 'Date' },
  { id: 'jurisdiction', label: 'Governing law' },
] as const;

/** A new check of a type with sensible starting values. */
function newCheck(type: Check['type']): Fields {
  switch (type) {
    case 'phrases':
      return { type, match: 'any', phrases: [''] };
    case 'pattern':
      return { type, pattern: '' };
    case 'value':
      return { type, value: 'duration', op: '>=', amount: 30, unit: 'days' };
    case 'model':
      return { type, question: '' };
  }
}

function newValue(value: string): Fields {
  switch (value) {
    case 'date':
      return { type: 'value', value, op: '>=', date: new Date().toISOString().slice(0, 10) };
    case 'jurisdiction':
      return { type: 'value', value, op: 'in', list: [''] };
    case 'duration':
      return { type: 'value', value, op: '>=', amount: 30, unit: 'days' };
    default:
      return { type: 'value', value, op: '>=', amount: 0 };
  }
}

/** Sets or (for empty input) removes a field: a missing required field is reported by name. */
function withField(obj: Fields, key: string, value: unknown): Fields {
  const next = { ...obj };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A field's value as an input shows it (numbers and strings; anything else is empty). */
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const lines = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
const toLines = (text: string) => text.split('\n');
const numberOrEmpty = (text: string): number | '' => (text.trim() === '' || Number.isNaN(Number(text)) ? '' : Number(text));

function Issues({ issues, at, id }: { issues: readonly PlaybookIssue[]; at: string; id?: string }) {
  const mine = issues.filter((i) => i.pointer === at);
  if (mine.length === 0) return null;
  return (
    <span className="field-error" role="alert" id={id}>
      {mine.map((i) => i.message).join('; ')}
    </span>
  );
}

/** A labelled field whose validation message (by JSON pointer) sits under it, outside the label. */
function Field({ label, at, issues, wide = false, children }: { label: string; at: string; issues: readonly PlaybookIssue[]; wide?: boolean; children: (id: string, invalid: boolean, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const invalid = issues.some((i) => i.pointer === at);
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, invalid, invalid ? `${id}-error` : undefined)}
      <Issues issues={issues} at={at} id={`${id}-error`} />
    </div>
  );
}

export function RuleForm({ rule, index, clauseTypes, issues, onChange }: { rule: Rule; index: number; clauseTypes: readonly ClauseType[]; issues: readonly PlaybookIssue[]; onChange: (rule: Rule) => void }) {
  const at = `/rules/${index}`;
  const fields = rule as unknown as Fields;
  const set = (key: string, value: unknown) => onChange(withField(fields, key, value) as unknown as Rule);
  const checks = (rule.checks ?? []) as unknown as Fields[];
  const setChecks = (next: Fields[]) => set('checks', next.length ? next : undefined);
  const text = (key: 'title' | 'id', label: string) => (
    <Field label={label} at={`${at}/${key}`} issues={issues}>
      {(id, invalid, describedBy) => <input id={id} value={str(fields[key])} onChange={(e) => set(key, e.target.value)} aria-invalid={invalid} aria-describedby={describedBy} />}
    </Field>
  );
  const area = (key: 'explanation' | 'guidance' | 'fallback', label: string, rows = 3) => (
    <Field label={label} at={`${at}/${key}`} issues={issues} wide>
      {(id, invalid, describedBy) => <textarea id={id} rows={rows} value={str(fields[key])} onChange={(e) => set(key, e.target.value)} aria-invalid={invalid} aria-describedby={describedBy} />}
    </Field>
  );
  return (
    <fieldset className="rule-form" aria-label={`Rule ${index + 1}`}>
      <legend>Rule {index + 1}</legend>
      <div className="field-row">
        {text('title', 'Title')}
        {text('id', 'Rule id')}
      </div>
      <div className="field-row">
        <Field label="Clause type" at={`${at}/clauseType`} issues={issues}>
          {(id) => (
            <select id={id} value={rule.clauseType} onChange={(e) => set('clauseType', e.target.value)}>
              {!clauseTypes.some((t) => t.id === rule.clauseType) && <option value={rule.clauseType}>{rule.clauseType} (unknown)</option>}
              {clauseTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Severity" at={`${at}/severity`} issues={issues}>
          {(id) => (
            <select id={id} value={rule.severity} onChange={(e) => set('severity', e.target.value)}>
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {SEVERITY_LABEL[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Kind" at={`${at}/kind`} issues={issues} wide>
        {(id) => (
          <select id={id} value={rule.kind} onChange={(e) => set('kind', e.target.value)}>
            {KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="checks">
        <div className="checks-head">
          <span className="label">Checks</span>
          {checks.length > 1 && (
            <select aria-label="How the checks combine" value={rule.match ?? 'all'} onChange={(e) => set('match', e.target.value === 'all' ? undefined : e.target.value)}>
              <option value="all">All must pass</option>
              <option value="any">One is enough</option>
            </select>
          )}
        </div>
        {checks.length === 0 && <p className="muted small-text">No checks: the clause's presence alone decides.</p>}
        {checks.map((check, j) => (
          <CheckFields
            key={j}
            check={check}
            at={`${at}/checks/${j}`}
            number={j + 1}
            issues={issues}
            onChange={(c) => setChecks(checks.map((x, k) => (k === j ? c : x)))}
            onRemove={() => setChecks(checks.filter((_, k) => k !== j))}
          />
        ))}
        <select className="add-check" aria-label="Add a check" value="" onChange={(e) => e.target.value && setChecks([...checks, newCheck(e.target.value as Check['type'])])}>
          <option value="">Add a check…</option>
          {CHECK_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {area('explanation', 'Explanation (why it matters)')}
      {area('guidance', 'Guidance (what to do about a flag)')}
      {area('fallback', 'Fallback language (proposed wording)', 4)}
    </fieldset>
  );
}

function CheckFields({ check, at, number, issues, onChange, onRemove }: { check: Fields; at: string; number: number; issues: readonly PlaybookIssue[]; onChange: (c: Fields) => void; onRemove: () => void }) {
  const set = (key: string, value: unknown) => onChange(withField(check, key, value));
  /** `input` gets the id its label points at and whether it is invalid. */
  const field = (key: string, label: string, input: (id: string, invalid: boolean, describedBy: string | undefined) => ReactNode, wide = false) => (
    <Field label={label} at={`${at}/${key}`} issues={issues} wide={wide}>
      {input}
    </Field>
  );
  const op = str(check['op']);
  const type = str(check['type']);
  const value = str(check['value']);
  return (
    <div className="check-fields" role="group" aria-label={`Check ${number}`}>
      <div className="check-head">
        <span className="label">
          Check {number}: {CHECK_TYPES.find((t) => t.id === type)?.label ?? type}
        </span>
        <button type="button" className="ghost small danger" onClick={onRemove} aria-label={`Remove check ${number}`}>
          Remove
        </button>
      </div>
      <Issues issues={issues} at={at} />
      {type === 'phrases' && (
        <>
          {field('match', 'Match', (id, invalid, describedBy) => <select id={id} aria-invalid={invalid} aria-describedby={describedBy} value={str(check['match'])} onChange={(e) => set('match', e.target.value)}><option value="any">Any of the phrases</option><option value="all">All of the phrases</option></select>)}
          {field('phrases', 'Phrases (one per line)', (id, invalid, describedBy) => <textarea id={id} aria-invalid={invalid} aria-describedby={describedBy} rows={3} value={lines(check['phrases'])} onChange={(e) => set('phrases', toLines(e.target.value))} />, true)}
        </>
      )}
      {type === 'pattern' && field('pattern', 'Pattern (RE2 syntax, case-insensitive)', (id, invalid, describedBy) => <input id={id} aria-invalid={invalid} aria-describedby={describedBy} className="mono" value={str(check['pattern'])} onChange={(e) => set('pattern', e.target.value)} />, true)}
      {(type === 'phrases' || type === 'pattern') && (
        <label className="check">
          <input type="checkbox" checked={check['negate'] === true} onChange={(e) => set('negate', e.target.checked ? true : undefined)} />
          Passes when {type === 'phrases' ? 'the phrases are not found' : 'the pattern does not match'}
        </label>
      )}
      {type === 'value' && (
        <>
          <div className="field-row">
            {field('value', 'Value', (id, invalid, describedBy) => <select id={id} aria-invalid={invalid} aria-describedby={describedBy} value={value} onChange={(e) => onChange(newValue(e.target.value))}>{VALUE_KINDS.map((v) => <option key={v.id} value={v.id}>{v.label}</option>)}</select>)}
            {field(
              'op',
              'Comparison',
              (id) => (
              <select id={id} value={op} onChange={(e) => set('op', e.target.value)}>
                {(value === 'jurisdiction' ? ['in', 'not_in'] : ['>=', '>', '<=', '<', '==']).map((o) => (
                  <option key={o} value={o}>
                    {{ in: 'is one of', not_in: 'is none of', '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'less than', '==': 'exactly' }[o]}
                  </option>
                ))}
              </select>
              ),
            )}
            {value !== 'date' && value !== 'jurisdiction' && field('amount', value === 'fee_months' ? 'Months of fees' : value === 'percentage' ? 'Percent' : 'Amount', (id, invalid, describedBy) => <input id={id} aria-invalid={invalid} aria-describedby={describedBy} type="number" value={str(check['amount'])} onChange={(e) => set('amount', numberOrEmpty(e.target.value))} />)}
            {value === 'duration' && field('unit', 'Unit', (id, invalid, describedBy) => <select id={id} aria-invalid={invalid} aria-describedby={describedBy} value={str(check['unit'])} onChange={(e) => set('unit', e.target.value)}>{['hours', 'days', 'weeks', 'months', 'years'].map((u) => <option key={u} value={u}>{u}</option>)}</select>)}
            {value === 'amount' && field('currency', 'Currency (ISO code, optional)', (id, invalid, describedBy) => <input id={id} aria-invalid={invalid} aria-describedby={describedBy} value={str(check['currency'])} maxLength={3} onChange={(e) => set('currency', e.target.value.toUpperCase())} />)}
            {value === 'date' && field('date', 'Date', (id, invalid, describedBy) => <input id={id} aria-invalid={invalid} aria-describedby={describedBy} type="date" value={str(check['date'])} onChange={(e) => set('date', e.target.value)} />)}
          </div>
          {(value === 'duration' || value === 'amount' || value === 'percentage') && field('near', 'Near the words (optional)', (id, invalid, describedBy) => <input id={id} aria-invalid={invalid} aria-describedby={describedBy} value={str(check['near'])} onChange={(e) => set('near', e.target.value)} />)}
          {value === 'jurisdiction' && field('list', 'Jurisdictions (one per line)', (id, invalid, describedBy) => <textarea id={id} aria-invalid={invalid} aria-describedby={describedBy} rows={3} value={lines(check['list'])} onChange={(e) => set('list', toLines(e.target.value))} />, true)}
        </>
      )}
      {type === 'model' && field('question', 'Yes/no question about the clause ("yes" passes)', (id, invalid, describedBy) => <textarea id={id} aria-invalid={invalid} aria-describedby={describedBy} rows={2} value={str(check['question'])} onChange={(e) => set('question', e.target.value)} />, true)}
    </div>
  );
}
