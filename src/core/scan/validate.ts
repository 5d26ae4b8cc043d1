/**
 * Playbook validation that works under the app's CSP: the JSON Schema (playbooks/schema.json) is
 * interpreted by @cfworker/json-schema, which generates no code at run time (no `new Function`),
 * then the checks a schema cannot express: unique ids, rules pointing at existing clause types,
 * patterns and phrases that compile on the linear-time engine within their bounds and whose
 * worst case on a 1 MB document is within the cost budget (pattern-cost.ts), real dates, and
 * the size of the file. Every error names the field by JSON pointer.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import schema from '../../../playbooks/schema.json';
import { InputError } from '../errors';
import { patternCost, patternCostProblem, playbookCostProblem } from './pattern-cost';
import { compilePattern, phraseSource } from './patterns';
import { PLAYBOOK_SCHEMA_VERSION, type Playbook } from './playbook';

/** Largest playbook file accepted (the built-in commercial playbook is under 100 kB). */
export const MAX_PLAYBOOK_BYTES = 1024 * 1024;
/** Patterns in one playbook at most (signals and pattern checks). */
const MAX_PATTERNS = 2000;

export interface PlaybookIssue {
  /** JSON pointer to the field, e.g. "/rules/3/severity"; "" for the whole playbook. */
  readonly pointer: string;
  readonly message: string;
}

export type ValidationResult = { readonly ok: true; readonly playbook: Playbook } | { readonly ok: false; readonly issues: readonly PlaybookIssue[] };

let validator: Validator | null = null;

/** Validates parsed JSON against the schema and the semantic rules. */
export function validatePlaybook(input: unknown): ValidationResult {
  validator ??= new Validator(schema as unknown as ConstructorParameters<typeof Validator>[0], '2020-12', false);
  const result = validator.validate(input);
  if (!result.valid) return { ok: false, issues: schemaIssues(result.errors) };
  const playbook = input as Playbook;
  const issues = semanticIssues(playbook);
  return issues.length ? { ok: false, issues } : { ok: true, playbook };
}

/** Parses and validates a playbook file's text; throws InputError listing every issue. */
export function parsePlaybook(text: string, source = 'playbook'): Playbook {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_PLAYBOOK_BYTES) throw new InputError(`playbook: ${source} is ${formatBytes(bytes)} (at most ${formatBytes(MAX_PLAYBOOK_BYTES)})`, { source, bytes });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`playbook: ${source} is not valid JSON (${error instanceof Error ? error.message : String(error)})`, { source });
  }
  return assertPlaybook(json, source);
}

/** Validates parsed JSON; throws InputError listing every issue. */
function assertPlaybook(json: unknown, source = 'playbook'): Playbook {
  const result = validatePlaybook(json);
  if (result.ok) return result.playbook;
  const shown = result.issues.slice(0, 10).map((i) => `${i.pointer || '/'}: ${i.message}`);
  const more = result.issues.length > 10 ? ` (and ${result.issues.length - 10} more)` : '';
  throw new InputError(`playbook: ${source} is invalid: ${shown.join('; ')}${more}`, { source, issues: result.issues.map((i) => ({ ...i })) });
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} kB`;
}

/** Keeps the most specific schema errors (a wrapper "does not match schema" says nothing). */
function schemaIssues(errors: readonly OutputUnit[]): PlaybookIssue[] {
  const specific = errors.filter((e) => e.error !== 'False boolean schema.' && !['properties', 'items', 'allOf', 'if', 'then', '$ref', 'additionalProperties'].includes(e.keyword) || /additional|required/i.test(e.error));
  const chosen = specific.length ? specific : errors;
  const seen = new Set<string>();
  const out: PlaybookIssue[] = [];
  for (const e of chosen) {
    const pointer = e.instanceLocation.replace(/^#/, '');
    const message = e.error.replace(/^Instance /, 'value ');
    const key = `${pointer}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer, message });
  }
  return out;
}

const ESCAPE_MEANING: Readonly<Record<string, string>> = { b: 'a word boundary', B: 'not a word boundary', d: 'a digit', D: 'not a digit', s: 'a space', S: 'not a space', w: 'a word character', W: 'not a word character' };

/**
 * A class or word boundary written with one backslash too many ("\\\\b" in the JSON file, read
 * as the regex \\b): it matches a literal backslash and the letter, so the pattern never fires
 * on a contract. Contracts have no backslashes to match; such a pattern is a typo, refused with
 * a message saying so rather than imported to stay silent.
 */
function overEscaped(pattern: string): string | null {
  const m = /(?:^|[^\\])((?:\\\\)+)([bBdDsSwW])/.exec(pattern);
  return m ? `${m[1]}${m[2]}` : null;
}

function semanticIssues(p: Playbook): PlaybookIssue[] {
  const issues: PlaybookIssue[] = [];
  if (p.schemaVersion > PLAYBOOK_SCHEMA_VERSION) issues.push({ pointer: '/schemaVersion', message: `schema version ${p.schemaVersion} is newer than this app understands (${PLAYBOOK_SCHEMA_VERSION})` });
  const typeIds = new Map<string, number>();
  let patterns = 0;
  let cost = 0;
  /** Compiles the pattern (`phrase`: a plain phrase) and weighs its cost; an issue at `pointer` for either. */
  const tryCompile = (pointer: string, source: string, phrase = false) => {
    try {
      const pattern = phrase ? phraseSource(source) : source;
      compilePattern(pattern);
      const escaped = phrase ? null : overEscaped(pattern);
      if (escaped) issues.push({ pointer, message: `"${escaped}" matches a backslash and the letter ${escaped.slice(-1)}, which no contract has: one backslash too many? (${escaped.slice(-2)} is ${ESCAPE_MEANING[escaped.slice(-1)]})` });
      const problem = patternCostProblem(pattern);
      if (problem) issues.push({ pointer, message: problem });
      cost += patternCost(pattern);
    } catch (error) {
      issues.push({ pointer, message: error instanceof Error ? error.message.replace(/^playbook: /, '') : String(error) });
    }
  };
  p.clauseTypes.forEach((t, i) => {
    if (typeIds.has(t.id)) issues.push({ pointer: `/clauseTypes/${i}/id`, message: `duplicate clause type id "${t.id}" (also /clauseTypes/${typeIds.get(t.id)})` });
    else typeIds.set(t.id, i);
    t.signals.forEach((s, j) => {
      patterns++;
      if (s.weight === 0) issues.push({ pointer: `/clauseTypes/${i}/signals/${j}/weight`, message: 'weight 0 has no effect' });
      tryCompile(`/clauseTypes/${i}/signals/${j}/pattern`, s.pattern);
    });
    t.keywords.forEach((k, j) => tryCompile(`/clauseTypes/${i}/keywords/${j}`, k, true));
    for (const [language, words] of Object.entries(t.keywordsByLanguage ?? {})) words.forEach((k, j) => tryCompile(`/clauseTypes/${i}/keywordsByLanguage/${language}/${j}`, k, true));
  });
  const ruleIds = new Map<string, number>();
  p.rules.forEach((r, i) => {
    if (ruleIds.has(r.id)) issues.push({ pointer: `/rules/${i}/id`, message: `duplicate rule id "${r.id}" (also /rules/${ruleIds.get(r.id)})` });
    else ruleIds.set(r.id, i);
    if (!typeIds.has(r.clauseType)) issues.push({ pointer: `/rules/${i}/clauseType`, message: `unknown clause type "${r.clauseType}"` });
    (r.checks ?? []).forEach((c, j) => {
      const at = `/rules/${i}/checks/${j}`;
      if (c.type === 'pattern') {
        patterns++;
        tryCompile(`${at}/pattern`, c.pattern);
      } else if (c.type === 'phrases') {
        c.phrases.forEach((ph, k) => tryCompile(`${at}/phrases/${k}`, ph, true));
      } else if (c.type === 'value' && c.value === 'date' && Number.isNaN(Date.parse(`${c.date}T00:00:00Z`))) {
        issues.push({ pointer: `${at}/date`, message: `"${c.date}" is not a date` });
      }
    });
  });
  if (patterns > MAX_PATTERNS) issues.push({ pointer: '', message: `${patterns} patterns (at most ${MAX_PATTERNS})` });
  const tooCostly = playbookCostProblem(cost);
  if (tooCostly) issues.push({ pointer: '', message: tooCostly });
  return issues;
}
