/**
 * Evaluates a rule's checks on one clause: phrases (any/all, negation), RE2 patterns, value
 * checks (durations, amounts, percentages, dates, jurisdictions, caps in months of fees) and
 * model checks (a yes/no question to the ChatModel port with the clause as evidence).
 *
 * Each check ends pass, fail or not_checked (with the reason: no model configured, no value of
 * the kind found in the clause, the model failed). A model check without a model is never
 * reported as passed.
 */
import { describeError, isAbort } from '../errors';
import type { ChatModel, JobOptions } from '../ports';
import type { Check, CompareOp, ModelCheck, ValueCheck } from './playbook';
import { compilePattern, compilePhrase, normalizeText } from './patterns';
import { durationDays, findAmounts, findDates, findDurations, findFeeMonths, findPercentages, nearest, type Found } from './values';
import { extractGoverningLaw, sameJurisdiction } from '../values/jurisdiction';
import { extractValue } from '../values/extract';

export type CheckOutcome = 'pass' | 'fail' | 'not_checked';

export interface CheckResult {
  readonly outcome: CheckOutcome;
  /** What was found and how it compared, for people ("notice: 15 days < 30 days"). */
  readonly detail: string;
}

export interface CheckDeps {
  readonly chatModel?: ChatModel | null;
}

function compare(a: number | string, op: CompareOp, b: number | string): boolean {
  switch (op) {
    case '>=': return a >= b;
    case '>': return a > b;
    case '<=': return a <= b;
    case '<': return a < b;
    case '==': return a === b;
  }
}

const quote = (s: string) => `“${s.length > 80 ? `${s.slice(0, 77)}…` : s}”`;

export async function evaluateCheck(check: Check, clause: string, deps: CheckDeps = {}, options?: JobOptions): Promise<CheckResult> {
  return check.type === 'model' ? modelCheck(check, clause, deps.chatModel ?? null, options) : localCheck(check, clause);
}

/** A check that needs no model (phrases, patterns, values): synchronous, so its time can be measured. */
export function localCheck(check: Exclude<Check, ModelCheck>, clause: string): CheckResult {
  const text = normalizeText(clause);
  switch (check.type) {
    case 'phrases': {
      const found = check.phrases.filter((p) => compilePhrase(p).test(text));
      const hit = check.match === 'all' ? found.length === check.phrases.length : found.length > 0;
      const pass = check.negate ? !hit : hit;
      const detail = found.length ? `found ${found.map(quote).join(', ')}` : `none of ${check.phrases.map(quote).join(', ')} found`;
      return { outcome: pass ? 'pass' : 'fail', detail: check.negate && hit ? `${detail} (must not appear)` : detail };
    }
    case 'pattern': {
      const m = compilePattern(check.pattern).find(text);
      const pass = check.negate ? !m : !!m;
      return { outcome: pass ? 'pass' : 'fail', detail: m ? `pattern matched ${quote(m.text)}${check.negate ? ' (must not match)' : ''}` : 'pattern not found' };
    }
    case 'value':
      return valueCheck(check, text);
  }
}

/** The months of fees a cap's formula counts, as the answers read it (« … au cours des douze (12) mois précédant … »). */
function capMonths(text: string): Found<number> | null {
  const cap = extractValue('liability_cap', text);
  return cap?.value.type === 'formula' && cap.value.months !== null ? { value: cap.value.months, text: cap.display, index: cap.span.start } : null;
}

function valueCheck(check: ValueCheck, text: string): CheckResult {
  const missing = (what: string): CheckResult => ({ outcome: 'not_checked', detail: `no ${what} found in the clause` });
  const verdict = (ok: boolean, found: Found<unknown>, shown: string, wanted: string): CheckResult => ({ outcome: ok ? 'pass' : 'fail', detail: `${quote(found.text)}: ${shown} ${ok ? 'meets' : 'does not meet'} ${wanted}` });
  switch (check.value) {
    case 'duration': {
      const f = nearest(findDurations(text), text, check.near);
      if (!f) return missing('duration');
      const want = durationDays(check.amount, check.unit);
      return verdict(compare(f.value.days, check.op, want), f, `${f.value.amount} ${f.value.unit}`, `${check.op} ${check.amount} ${check.unit}`);
    }
    case 'amount': {
      const all = findAmounts(text).filter((a) => !check.currency || a.value.currency === null || a.value.currency === check.currency);
      const f = nearest(all, text, check.near);
      if (!f) return missing(check.currency ? `${check.currency} amount` : 'amount');
      return verdict(compare(f.value.amount, check.op, check.amount), f, `${f.value.amount.toLocaleString('en-US')} ${f.value.currency ?? ''}`.trim(), `${check.op} ${check.amount.toLocaleString('en-US')} ${check.currency ?? ''}`.trim());
    }
    case 'percentage': {
      const f = nearest(findPercentages(text), text, check.near);
      if (!f) return missing('percentage');
      return verdict(compare(f.value, check.op, check.amount), f, `${f.value}%`, `${check.op} ${check.amount}%`);
    }
    case 'fee_months': {
      // In English the fee phrase; in French or German the months the cap's formula counts (the answers' reader).
      const f = findFeeMonths(text)[0] ?? capMonths(text);
      if (!f) return missing('cap expressed in fees');
      return verdict(compare(f.value, check.op, check.amount), f, `${f.value} months of fees`, `${check.op} ${check.amount} months of fees`);
    }
    case 'date': {
      const f = findDates(text)[0];
      if (!f) return missing('date');
      return verdict(compare(f.value, check.op, check.date), f, f.value, `${check.op} ${check.date}`);
    }
    case 'jurisdiction': {
      // The reader the answers and the workspace questions use ("Which contracts are governed by New York law?").
      const law = extractGoverningLaw(text);
      if (law?.value.type !== 'jurisdiction') return missing('governing law');
      const name = law.value.name;
      const inList = check.list.some((item) => sameJurisdiction(name, item));
      const ok = check.op === 'in' ? inList : !inList;
      return { outcome: ok ? 'pass' : 'fail', detail: `governing law ${quote(name)} is ${inList ? '' : 'not '}in ${check.list.join(', ')}` };
    }
  }
}

/** The JSON schema the model answers with. */
const MODEL_CHECK_SCHEMA = {
  type: 'object',
  properties: { answer: { type: 'string', enum: ['yes', 'no'] }, reason: { type: 'string' } },
  required: ['answer'],
} as const;

async function modelCheck(check: ModelCheck, clause: string, model: ChatModel | null, options?: JobOptions): Promise<CheckResult> {
  if (!model) return { outcome: 'not_checked', detail: 'not checked: no language model is configured' };
  try {
    const reply = await model.json<{ answer?: unknown; reason?: unknown }>(
      {
        messages: [
          { role: 'system', content: 'You review contract clauses. Answer the question about the clause with "yes" or "no", using only the clause text. Answer in JSON.' },
          { role: 'user', content: `Clause:\n"""\n${clause}\n"""\n\nQuestion: ${check.question}` },
        ],
        temperature: 0,
      },
      MODEL_CHECK_SCHEMA,
      options,
    );
    const answer = typeof reply.answer === 'string' ? reply.answer.toLowerCase() : '';
    const reason = typeof reply.reason === 'string' && reply.reason ? `: ${reply.reason}` : '';
    if (answer !== 'yes' && answer !== 'no') return { outcome: 'not_checked', detail: 'not checked: the model gave no yes/no answer' };
    return { outcome: answer === 'yes' ? 'pass' : 'fail', detail: `model (${model.model.id}) answered ${answer}${reason}` };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { outcome: 'not_checked', detail: `not checked: the model failed (${describeError(error)})` };
  }
}

/** Combines check results: all (every check passes) or any (one passes); not_checked when undecided. */
export function combine(results: readonly CheckResult[], match: 'all' | 'any' = 'all'): CheckOutcome {
  if (results.length === 0) return 'pass';
  const has = (o: CheckOutcome) => results.some((r) => r.outcome === o);
  if (match === 'all') return has('fail') ? 'fail' : has('not_checked') ? 'not_checked' : 'pass';
  return has('pass') ? 'pass' : has('not_checked') ? 'not_checked' : 'fail';
}
