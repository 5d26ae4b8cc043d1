import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_COST, MAX_PLAYBOOK_COST, patternCost } from '../../../../src/core/scan/pattern-cost';
import { compilePattern, MAX_PATTERN_LENGTH } from '../../../../src/core/scan/patterns';
import { decodePlaybook, encodePlaybook } from '../../../../src/core/scan/share';
import type { Playbook } from '../../../../src/core/scan/playbook';
import { MAX_PLAYBOOK_BYTES, parsePlaybook, validatePlaybook } from '../../../../src/core/scan/validate';
import { BUILTIN_PLAYBOOKS, builtinPlaybook } from '../../../../src/playbooks/builtin';
import { stallingPlaybook } from '../../../fixtures/hostile-playbooks';

const base = (): Playbook => structuredClone(builtinPlaybook('gdpr-dpa')!);
const issuesOf = (input: unknown) => {
  const r = validatePlaybook(input);
  if (r.ok) throw new Error('expected the playbook to be invalid');
  return r.issues;
};

describe('playbook validation', () => {
  it('accepts the built-in playbooks', () => {
    expect(BUILTIN_PLAYBOOKS.map((p) => p.id)).toEqual(['commercial-contracts', 'nda', 'gdpr-dpa']);
    for (const p of BUILTIN_PLAYBOOKS) expect(validatePlaybook(p).ok, p.id).toBe(true);
  });

  it('rejects schema violations with messages naming the field', () => {
    const p = base() as unknown as Record<string, unknown> & { rules: Record<string, unknown>[] };
    p.rules[0]!.severity = 'urgent';
    delete p['name'];
    p['version'] = 'one';
    p.rules[1]!['extra'] = true;
    const issues = issuesOf(p);
    const pointers = issues.map((i) => i.pointer);
    expect(pointers).toContain('/rules/0/severity');
    expect(pointers).toContain('/version');
    expect(issues.find((i) => i.pointer === '/rules/0/severity')!.message).toMatch(/critical/);
    expect(issues.some((i) => i.pointer === '' && /name/.test(i.message))).toBe(true);
    expect(issues.some((i) => i.pointer === '/rules/1' && /extra/.test(i.message))).toBe(true);
  });

  it('takes keywords in other languages under a language code, and nothing else there', () => {
    const p = base() as unknown as { clauseTypes: Record<string, unknown>[] };
    p.clauseTypes[0]!['keywordsByLanguage'] = { fr: ['sous-traitance ultérieure'], de: ['Unterauftragsverarbeitung'] };
    expect(validatePlaybook(p).ok).toBe(true);
    p.clauseTypes[0]!['keywordsByLanguage'] = { french: ['sous-traitance'], de: [''], fr: 'sous-traitance' };
    const pointers = issuesOf(p).map((i) => i.pointer);
    expect(pointers.some((x) => x.startsWith('/clauseTypes/0/keywordsByLanguage'))).toBe(true);
    expect(pointers).toContain('/clauseTypes/0/keywordsByLanguage/de/0');
    expect(pointers).toContain('/clauseTypes/0/keywordsByLanguage/fr');
  });

  it('refuses a pattern escaped once too often, which would match a backslash and never fire', () => {
    // The commercial playbook carried two such uncapped-liability signals and one volume signal,
    // dead since they were written ("\\\\b(except|…)" in the file is the regex \\b: a backslash and "b").
    const p = base() as unknown as { clauseTypes: { signals: { pattern: string; weight: number }[] }[]; rules: { checks?: unknown[] }[] };
    p.clauseTypes[0]!.signals.push({ pattern: String.raw`\\b(except|excluding)\\b`, weight: 0.5 }, { pattern: String.raw`\bquantit\\w*`, weight: 0.5 });
    p.rules[0]!.checks = [{ type: 'pattern', pattern: String.raw`\bsub-?processors?\\s+list\b` }];
    const issues = issuesOf(p);
    const n = p.clauseTypes[0]!.signals.length;
    expect(issues.find((i) => i.pointer === `/clauseTypes/0/signals/${n - 2}/pattern`)?.message).toBe(String.raw`"\\b" matches a backslash and the letter b, which no contract has: one backslash too many? (\b is a word boundary)`);
    expect(issues.find((i) => i.pointer === `/clauseTypes/0/signals/${n - 1}/pattern`)?.message).toMatch(/^"\\\\w" .*\(\\w is a word character\)$/);
    expect(issues.map((i) => i.pointer)).toContain('/rules/0/checks/0/pattern');
    // A word boundary, a real backslash-free class and an escaped dot are fine; so is every built-in pattern.
    p.clauseTypes[0]!.signals.splice(n - 2, 2, { pattern: String.raw`\b(except|excluding)\b[^.;]*\d+\.\d`, weight: 0.5 });
    p.rules[0]!.checks = [];
    expect(validatePlaybook(p).ok).toBe(true);
  });

  it('rejects a value check missing its fields or with a wrong unit', () => {
    const p = base() as unknown as { rules: { checks?: unknown[] }[] };
    p.rules[0]!.checks = [{ type: 'value', value: 'duration', op: '>=', amount: 3 }, { type: 'value', value: 'duration', op: '>=', amount: 3, unit: 'fortnights' }];
    const pointers = issuesOf(p).map((i) => i.pointer);
    expect(pointers).toContain('/rules/0/checks/0');
    expect(pointers).toContain('/rules/0/checks/1/unit');
  });

  it('rejects what the schema cannot express: duplicates, unknown clause types, bad patterns, bad dates', () => {
    const p = structuredClone(base()) as unknown as { clauseTypes: { id: string; signals: { pattern: string; weight: number }[] }[]; rules: { id: string; clauseType: string; checks?: unknown[] }[] };
    p.clauseTypes[1]!.id = p.clauseTypes[0]!.id;
    p.rules[1]!.id = p.rules[0]!.id;
    p.rules[2]!.clauseType = 'no_such_type';
    p.clauseTypes[2]!.signals[0]!.pattern = '(a)\\1';
    p.rules[3]!.checks = [{ type: 'value', value: 'date', op: '<=', date: '2024-13-45' }, { type: 'pattern', pattern: '(?=lookahead)' }];
    const issues = issuesOf(p);
    const at = (ptr: string) => issues.find((i) => i.pointer === ptr)?.message ?? '';
    expect(at('/clauseTypes/1/id')).toMatch(/duplicate clause type id/);
    expect(at('/rules/1/id')).toMatch(/duplicate rule id/);
    expect(at('/rules/2/clauseType')).toMatch(/unknown clause type "no_such_type"/);
    expect(at('/clauseTypes/2/signals/0/pattern')).toMatch(/not a valid RE2 expression/);
    expect(at('/rules/3/checks/0/date')).toMatch(/not a date/);
    expect(at('/rules/3/checks/1/pattern')).toMatch(/not a valid RE2/);
  });

  it('parsePlaybook throws one InputError naming the file and the fields', () => {
    expect(() => parsePlaybook('{not json', 'mine.json')).toThrow(/mine\.json is not valid JSON/);
    const p = base() as unknown as { rules: { severity: string }[] };
    p.rules[4]!.severity = 'nope';
    expect(() => parsePlaybook(JSON.stringify(p), 'mine.json')).toThrow(/mine\.json is invalid: \/rules\/4\/severity/);
  });

  it('refuses a file over the size bound before parsing it', () => {
    const huge = `{"description": "${'x'.repeat(MAX_PLAYBOOK_BYTES)}"}`;
    expect(() => parsePlaybook(huge, 'big.json')).toThrow(/big\.json is .* \(at most 1\.0 MB\)/);
  });
});

describe('patterns on a linear-time engine', () => {
  it('runs a pattern that hangs a backtracking engine in linear time', () => {
    const evil = compilePattern('(a+)+$');
    const input = `${'a'.repeat(50_000)}!`;
    const t0 = performance.now();
    expect(evil.test(input)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(1000);
    const nested = compilePattern('(x+x+)+y');
    const t1 = performance.now();
    expect(nested.test('x'.repeat(20_000))).toBe(false);
    expect(performance.now() - t1).toBeLessThan(1000);
  });

  it('bounds pattern length and rejects what RE2 does not support', () => {
    expect(() => compilePattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toThrow(/at most/);
    expect(() => compilePattern('(\\w+)\\s\\1')).toThrow(/not a valid RE2/);
    expect(() => compilePattern('a{1000}{1000}')).toThrow(/playbook: pattern/);
  });
});

describe('the cost budget of patterns', () => {
  it('estimates a pattern\'s width from its repetition bounds and alternatives', () => {
    expect(patternCost('governing law')).toBe(1);
    expect(patternCost('\\b(liab\\w*|damages)\\b[^.;]*\\bcap\\b')).toBe(5);
    expect(patternCost('foo[^.;]{0,200}bar')).toBe(202);
    expect(patternCost('(.*a){900}c1')).toBe(1801);
    expect(patternCost('(?:(?:x{3}){4}|y)')).toBe(13);
    expect(patternCost('a{,3}')).toBe(1); // not a repetition in RE2: literal text
    for (const p of BUILTIN_PLAYBOOKS) for (const t of p.clauseTypes) for (const s of t.signals) expect(patternCost(s.pattern), s.pattern).toBeLessThanOrEqual(MAX_PATTERN_COST);
  });

  it('refuses the stalling playbook of the probe at import, naming each pattern and what it could cost', () => {
    const stall = stallingPlaybook(base());
    // Each pattern is under the size caps, and the whole fits in a share link.
    expect(() => compilePattern(stall.clauseTypes[0]!.signals[0]!.pattern)).not.toThrow();
    expect(encodePlaybook(stall).length).toBeLessThan(8000);
    const issues = issuesOf(stall);
    const slow = issues.filter((i) => /^\/clauseTypes\/0\/signals\/\d+\/pattern$/.test(i.pointer));
    expect(slow).toHaveLength(40);
    expect(slow[0]!.message).toMatch(/^pattern "\(\.\*a\)\{900\}c0" is too slow: it could take about [\d,]+ s on a 1 MB document \(cost 1,801, from its repetition bounds × alternatives; at most 250\)/);
    expect(issues.some((i) => i.pointer === '' && /patterns together are too slow/.test(i.message))).toBe(true);
    expect(() => parsePlaybook(JSON.stringify(stall), 'stall.json')).toThrow(/stall\.json is invalid: \/clauseTypes\/0\/signals\/0\/pattern: pattern .* is too slow/);
    expect(() => decodePlaybook(encodePlaybook(stall))).toThrow(/too slow/);
  });

  it('refuses a playbook whose patterns are each within budget but together are not', () => {
    const p = base() as { -readonly [K in keyof Playbook]: Playbook[K] };
    const wide = '\\b(term)\\b[^.;]{0,240}\\bend\\b';
    expect(patternCost(wide)).toBeLessThanOrEqual(MAX_PATTERN_COST);
    const types = Math.ceil(MAX_PLAYBOOK_COST / (40 * patternCost(wide))) + 1;
    p.clauseTypes = [...p.clauseTypes, ...Array.from({ length: types }, (_, t) => ({ ...p.clauseTypes[0]!, id: `wide_${t}`, signals: Array.from({ length: 40 }, (_, i) => ({ pattern: `${wide}${t}x${i}`, weight: 0.5 })) }))];
    const issues = issuesOf(p);
    expect(issues.map((i) => i.pointer)).toEqual(['']);
    expect(issues[0]!.message).toMatch(/the playbook's patterns together are too slow/);
  });
});
