/**
 * No regular expression in ingestion (or in the value parsers) may be super-linear. Every regex literal (and every
 * `new RegExp('…')` with a fixed pattern) in the ingestion modules — the parsers, the ingest
 * core, the index analyzer — is collected from the source itself, so a regex added later is
 * tested without anyone listing it, and run on adversarial inputs: long runs of each character
 * it mentions and of the characters documents are made of (punctuation, spaces, line breaks,
 * letters, digits, and pairs such as ".," or "a "), each ending in a character nothing matches,
 * which is what makes a backtracking engine retry from every position.
 *
 * Each regex runs on every input at 256 characters and 4 KB, then on its slowest inputs at
 * 64 KB and its slowest one at 1 MB (STAGES), within bounds a linear regex meets a hundred times over: a quadratic
 * one is caught at 4 KB or 64 KB, before 1 MB would take it hours.
 * Regexes assembled at run time from other regexes' sources are covered by the function tests
 * at the end, which run the whole text stage (cleaning, language, metadata, structure, chunks)
 * on adversarial 1 MB documents.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../../src/core/ingest/analyze';
import { splitTextPages } from '../../../../src/parsers/text';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * The modules ingestion runs: parsing, the ingest core (cleaning, language, metadata, structure,
 * chunks), the index analyzer; and the value parsers, which read every passage an answer or a
 * scan quotes (a passage is bounded, but a contract's text is not the author's to choose).
 */
const SOURCES = ['src/parsers', 'src/core/ingest', 'src/core/search/analyzer.ts', 'src/core/text/contents.ts', 'src/core/values'];

interface Found {
  readonly where: string;
  readonly re: RegExp;
}

function files(path: string): string[] {
  const full = join(ROOT, path);
  try {
    return readdirSync(full, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(path, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [join(path, e.name)] : []));
  } catch {
    return path.endsWith('.ts') ? [path] : [];
  }
}

/** Every regex literal and fixed `new RegExp(...)` of the ingestion sources, with where it is. */
function ingestionRegexes(): Found[] {
  const out: Found[] = [];
  for (const file of SOURCES.flatMap(files)) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue;
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${relative(ROOT, join(ROOT, file))}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(node.text)!;
        out.push({ where: where(node), re: new RegExp(m[1]!, m[2]!.replace(/[gy]/g, '')) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText(source) === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        if (pattern && (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern))) {
          const f = flags && ts.isStringLiteral(flags) ? flags.text : '';
          out.push({ where: where(node), re: new RegExp(pattern.text, f.replace(/[gy]/g, '')) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The character nothing in a document pattern matches, ending every run. */
const STOP = '\u0007';
const DOCUMENT_UNITS = [' ', '\n', '\t', '\r\n', '\u00a0', '.', ',', ';', ':', '-', '_', '(', ')', '[', ']', '"', "'", '/', '*', '#', '§', '=', '|', '&', '<', '>', '@', 'a', 'A', '1', 'é', 'ß', '\u2014', '…', '.,;:', 'a ', 'A ', 'A.', 'a.', '1.', '1 ', '. ', ' \n', 'a\n', 'ab-', 'Ab ', 'A A ', '(a)', '1.1.', 'Inc. ', 'a, ', '" ', 'I. ', 'a@', '\f'];

/** Units to repeat for one regex: the document units and every other character its pattern names. */
function unitsFor(re: RegExp): string[] {
  const own = [...new Set(re.source.replace(/\\[pPu]\{[^}]*\}|\\[a-zA-Z]/g, '').split(''))].filter((c) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(c) && !DOCUMENT_UNITS.includes(c));
  return [...DOCUMENT_UNITS, ...own];
}

const inputs = new Map<string, string>();
/** `unit` repeated to `chars` characters, then STOP (built once per unit and size). */
function run(unit: string, chars: number): string {
  const key = `${chars}|${unit}`;
  let input = inputs.get(key);
  if (input === undefined) inputs.set(key, (input = `${unit.repeat(Math.ceil(chars / unit.length))}${STOP}`));
  return input;
}

/** The fastest of `tries` runs (a garbage collection pause is not the regex's time). */
function timed(re: RegExp, input: string, tries = 1): number {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const started = performance.now();
    re.test(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Sizes a regex is run at, with the time it may take there and how many of its slowest inputs
 * go on to the next size. A linear regex takes microseconds at the small sizes and milliseconds
 * at 1 MB; a quadratic one is caught at 4 KB or 64 KB before 1 MB would take hours.
 */
const STAGES = [
  { chars: 256, maxMs: 20, keep: Infinity },
  { chars: 4 * 1024, maxMs: 20, keep: 5 },
  { chars: 64 * 1024, maxMs: 200, keep: 1 },
  // Linear with a bounded repetition ({1,80}) costs up to ~2 s here; quadratic costs hours.
  { chars: 1024 * 1024, maxMs: 5000, keep: 0 },
];

/** Why `re` is too slow on an adversarial input, or null. */
function tooSlow(re: RegExp): string | null {
  let units = unitsFor(re);
  for (const stage of STAGES) {
    const times = units.map((unit) => ({ unit, ms: timed(re, run(unit, stage.chars)) })).sort((a, b) => b.ms - a.ms);
    const worst = times[0]!;
    if (worst.ms > stage.maxMs && timed(re, run(worst.unit, stage.chars), 2) > stage.maxMs) {
      return `${Math.round(worst.ms)} ms on ${stage.chars >= 1024 ? `${stage.chars / 1024} KB` : `${stage.chars} characters`} of ${JSON.stringify(worst.unit)}`;
    }
    units = times.slice(0, stage.keep).map((t) => t.unit);
  }
  return null;
}

describe('ingestion regexes on adversarial inputs', () => {
  const regexes = ingestionRegexes();

  it('finds the ingestion regexes in the sources', () => {
    expect(regexes.length).toBeGreaterThan(250);
    expect(regexes.some((r) => r.where.startsWith('src/core/ingest/metadata.ts'))).toBe(true);
  });

  it('runs each of them on adversarial inputs up to 1 MB, in linear time', { timeout: 300_000 }, () => {
    const slow: string[] = [];
    for (const { where, re } of regexes) {
      const problem = tooSlow(re);
      if (problem) slow.push(`${where} /${re.source}/: ${problem}`);
    }
    expect(slow).toEqual([]);
  });
});

describe('the text stage on adversarial 1 MB documents', () => {
  const DOCUMENTS: Record<string, string> = {
    // The probe's file: a title-like line whose punctuation run does not end it.
    'punctuation runs': `Ab ${'.,;:'.repeat(256 * 1024)}x y`,
    'punctuation runs on lines': `${'Ab .,;:.,;:.,;:.,;:.,;: x,\n'.repeat(40_000)}`,
    'one long token': 'A'.repeat(1024 * 1024),
    'spaces then a word': `${' '.repeat(1024 * 1024)}Agreement`,
    'blank lines': `TITLE\n${'\n'.repeat(1024 * 1024)}end`,
    'numbered headings': '1.1.1.1. '.repeat(120_000),
    'company names': 'ACME HOLDINGS, INC., '.repeat(50_000),
    'caps lines': 'THIS AGREEMENT IS MADE BETWEEN THE PARTIES\n'.repeat(24_000),
  };

  for (const [name, text] of Object.entries(DOCUMENTS)) {
    it(`${name}: cleaned, analysed and chunked in bounded time`, { timeout: 120_000 }, () => {
      const started = performance.now();
      const pages = splitTextPages(text).map((t, i) => ({ page: i + 1, text: t }));
      const analyzed = analyzeDocument(pages, { fileName: `${name}.txt`, declaredTitle: null });
      const ms = performance.now() - started;
      expect(analyzed.pages.length).toBeGreaterThan(0);
      // Linear work on 1 MB takes about a second here; a quadratic step takes minutes.
      expect(ms, `${name}: ${Math.round(ms)} ms`).toBeLessThan(30_000);
    });
  }
});
