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
type Options = readonly (readonly [value: string, label: string])[];

const KINDS: Options = [
  ['required', 'Required — a clause of this type must exist (and pass the checks)'],
  ['prohibited', 'Prohibited — every clause of this type (passing the checks) is flagged'],
  ['condition', 'Condition — every clause of this type must pass the checks'],
];

const CHECK_TYPES: Options = [
  ['phrases', 'Phrases'],
  ['pattern', 'Pattern (RE2)'],
  ['value', 'Value'],
  ['model', 'Question to the language model'],
];

const VALUE_KINDS: Options = [
  ['duration', 'Duration'],
  ['amount', 'Amount of money'],
  ['percentage', 'Percentage'],
  ['fee_months', 'Cap in months of fees'],
  ['date', 'Date'],
  ['jurisdiction', 'Governing law'],
];

const COMPARE: Options = [
  ['>=', 'at least'],
  ['>', 'more than'],
  ['<=', 'at most'],
  ['<', 'less than'],
  ['==', 'exactly'],
];
const MEMBERSHIP: Options = [
  ['in', 'is one of'],
  ['not_in', 'is none of'],
];
const UNITS: Options = ['hours', 'days', 'weeks', 'months', 'years'].map((u) => [u, u] as const);
const AMOUNT_LABEL: Record<string, string> = { fee_months: 'Months of fees', percentage: 'Percent' };

/** A new check of a type with sensible starting values. */
function newCheck(type: string): Fields {
  switch (type as Check['type']) {
    case 'phrases':
      return { type, match: 'any', phrases: [''] };
    case 'pattern':
      return { type, pattern: '' };
    case 'value':
      return newValue('duration');
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

/** Sets or (for empty input) removes a field: a missing required field is then reported by name. */
function withField(obj: Fields, key: string, value: unknown): Fields {
  const next = { ...obj };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A field's value as an input shows it (numbers and strings; anything else is empty). */
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const lines = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
const numberOrEmpty = (text: string): number | '' => (text.trim() === '' || Number.isNaN(Number(text)) ? '' : Number(text));

/** What a field's control needs: the id its label points at, and its validation state. */
interface Control {
  readonly id: string;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
}

/** A labelled field whose validation messages (by JSON pointer) sit under it, outside the label. */
function Field({ label, at, issues, wide = false, children }: { label: string; at: string; issues: readonly PlaybookIssue[]; wide?: boolean; children: (control: Control) => ReactNode }) {
  const id = useId();
  const mine = issues.filter((i) => i.pointer === at);
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': mine.length > 0, 'aria-describedby': mine.length > 0 ? `${id}-error` : undefined })}
      <Issues issues={mine} id={`${id}-error`} />
    </div>
  );
}

function Issues({ issues, id }: { issues: readonly PlaybookIssue[]; id?: string }) {
  if (issues.length === 0) return null;
  return (
    <span className="field-error" role="alert" id={id}>
      {issues.map((i) => i.message).join('; ')}
    </span>
  );
}

/**
 * Form controls bound to one object's fields (a rule or a check): each shows the messages of
 * its field's pointer, `at` + "/" + key.
 */
function controls(fields: Fields, at: string, issues: readonly PlaybookIssue[], set: (key: string, value: unknown) => void) {
  return {
    text: (key: string, label: string, options: { type?: 'number' | 'date'; mono?: boolean; upper?: boolean; wide?: boolean } = {}) => (
      <Field label={label} at={`${at}/${key}`} issues={issues} wide={options.wide}>
        {(c) => (
          <input
            {...c}
            type={options.type ?? 'text'}
            className={options.mono ? 'mono' : undefined}
            value={str(fields[key])}
            onChange={(e) => set(key, options.type === 'number' ? numberOrEmpty(e.target.value) : options.upper ? e.target.value.toUpperCase() : e.target.value)}
          />
        )}
      </Field>
    ),
    /** Free text, or one item per line when `list`. */
    area: (key: string, label: string, rows: number, list = false) => (
      <Field label={label} at={`${at}/${key}`} issues={issues} wide>
        {(c) => <textarea {...c} rows={rows} value={list ? lines(fields[key]) : str(fields[key])} onChange={(e) => set(key, list ? e.target.value.split('\n') : e.target.value)} />}
      </Field>
    ),
    choice: (key: string, label: string, options: Options, pick: (value: string) => void = (v) => set(key, v)) => (
      <Field label={label} at={`${at}/${key}`} issues={issues}>
        {(c) => (
          <select {...c} value={str(fields[key])} onChange={(e) => pick(e.target.value)}>
            {!options.some(([v]) => v === fields[key]) && <option value={str(fields[key])}>{str(fields[key])} (unknown)</option>}
            {options.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        )}
      </Field>
    ),
  };
}

export function RuleForm({ rule, index, clauseTypes, issues, onChange }: { rule: Rule; index: number; clauseTypes: readonly ClauseType[]; issues: readonly PlaybookIssue[]; onChange: (rule: Rule) => void }) {
  const at = `/rules/${index}`;
  const fields = rule as unknown as Fields;
  const set = (key: string, value: unknown) => onChange(withField(fields, key, value) as unknown as Rule);
  const { text, area, choice } = controls(fields, at, issues, set);
  const checks = (rule.checks ?? []) as unknown as Fields[];
  const setChecks = (next: Fields[]) => set('checks', next.length ? next : undefined);
  return (
    <fieldset className="rule-form" aria-label={`Rule ${index + 1}`}>
      <legend>Rule {index + 1}</legend>
      <div className="field-row">
        {text('title', 'Title')}
        {text('id', 'Rule id')}
      </div>
      <div className="field-row">
        {choice(
          'clauseType',
          'Clause type',
          clauseTypes.map((t) => [t.id, t.name] as const),
        )}
        {choice(
          'severity',
          'Severity',
          SEVERITIES.map((s) => [s, SEVERITY_LABEL[s]] as const),
        )}
      </div>
      <div className="field-row">{choice('kind', 'Kind', KINDS)}</div>
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
        <select className="add-check" aria-label="Add a check" value="" onChange={(e) => e.target.value && setChecks([...checks, newCheck(e.target.value)])}>
          <option value="">Add a check…</option>
          {CHECK_TYPES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      {area('explanation', 'Explanation (why it matters)', 3)}
      {area('guidance', 'Guidance (what to do about a flag)', 3)}
      {area('fallback', 'Fallback language (proposed wording)', 4)}
    </fieldset>
  );
}

function CheckFields({ check, at, number, issues, onChange, onRemove }: { check: Fields; at: string; number: number; issues: readonly PlaybookIssue[]; onChange: (c: Fields) => void; onRemove: () => void }) {
  const set = (key: string, value: unknown) => onChange(withField(check, key, value));
  const { text, area, choice } = controls(check, at, issues, set);
  const type = str(check['type']);
  const value = str(check['value']);
  return (
    <div className="check-fields" role="group" aria-label={`Check ${number}`}>
      <div className="check-head">
        <span className="label">
          Check {number}: {CHECK_TYPES.find(([v]) => v === type)?.[1] ?? type}
        </span>
        <button type="button" className="ghost small danger" onClick={onRemove} aria-label={`Remove check ${number}`}>
          Remove
        </button>
      </div>
      <Issues issues={issues.filter((i) => i.pointer === at)} />
      {type === 'phrases' && (
        <>
          {choice('match', 'Match', [
            ['any', 'Any of the phrases'],
            ['all', 'All of the phrases'],
          ])}
          {area('phrases', 'Phrases (one per line)', 3, true)}
        </>
      )}
      {type === 'pattern' && text('pattern', 'Pattern (RE2 syntax, case-insensitive)', { mono: true, wide: true })}
      {(type === 'phrases' || type === 'pattern') && (
        <label className="check">
          <input type="checkbox" checked={check['negate'] === true} onChange={(e) => set('negate', e.target.checked ? true : undefined)} />
          Passes when {type === 'phrases' ? 'the phrases are not found' : 'the pattern does not match'}
        </label>
      )}
      {type === 'value' && (
        <>
          <div className="field-row">
            {choice('value', 'Value', VALUE_KINDS, (v) => onChange(newValue(v)))}
            {choice('op', 'Comparison', value === 'jurisdiction' ? MEMBERSHIP : COMPARE)}
            {value !== 'date' && value !== 'jurisdiction' && text('amount', AMOUNT_LABEL[value] ?? 'Amount', { type: 'number' })}
            {value === 'duration' && choice('unit', 'Unit', UNITS)}
            {value === 'amount' && text('currency', 'Currency (ISO code, optional)', { upper: true })}
            {value === 'date' && text('date', 'Date', { type: 'date' })}
          </div>
          {(value === 'duration' || value === 'amount' || value === 'percentage') && text('near', 'Near the words (optional)')}
          {value === 'jurisdiction' && area('list', 'Jurisdictions (one per line)', 3, true)}
        </>
      )}
      {type === 'model' && area('question', 'Yes/no question about the clause ("yes" passes)', 2)}
    </div>
  );
}
