/**
 * `\b` in a JavaScript pattern is a boundary between ASCII word characters and the rest, with or
 * without the `u` flag: `/\bresponsabilité\b/u` never matches "la responsabilité du" (é and the space
 * are both "non-word"), `/\büberdauert/u` never matches after a space. Every regular expression literal
 * under src/ is read here, and a `\b` that touches a letter outside ASCII — directly, or through the
 * group and alternation it opens or closes — is reported; such a boundary is written
 * `(?<![\p{L}\p{N}_])` / `(?![\p{L}\p{N}_])`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const NON_ASCII_LETTER = /[\p{L}]/u;
const isNonAsciiLetter = (c: string | undefined) => c !== undefined && c.charCodeAt(0) > 0x7f && NON_ASCII_LETTER.test(c);

/** Where the groups of a pattern open and close (escapes and character classes skipped). */
function groupsOf(body: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < body.length && body[i] !== ']'; i++) if (body[i] === '\\') i++;
    } else if (c === '(') open.push(i);
    else if (c === ')' && open.length > 0) pairs.set(open.pop()!, i);
  }
  return pairs;
}

/** The `\b`s of a pattern body that sit against a non-ASCII letter, as excerpts of the body. */
function asciiBoundariesAtLetters(body: string): string[] {
  const pairs = groupsOf(body);
  const contentStart = (open: number) => open + 1 + (/^\?(?:<[=!]|[:=!])/u.exec(body.slice(open + 1))?.[0].length ?? 0);
  const enclosing = (at: number) => [...pairs].filter(([o, c]) => o < at && at < c).sort((a, b) => b[0] - a[0])[0] ?? null;
  const boundaryBefore = (at: number): boolean => {
    for (let j = at; ; ) {
      if (body.slice(j - 2, j) === '\\b') return true;
      if (body[j - 1] === '|') {
        const group = enclosing(j - 1);
        if (!group) return false;
        j = group[0];
        continue;
      }
      const opened = [...pairs.keys()].find((o) => contentStart(o) === j);
      if (opened === undefined) return false;
      j = opened;
    }
  };
  const boundaryAfter = (at: number): boolean => {
    for (let j = at + 1; ; ) {
      while ('?*+'.includes(body[j] ?? 'x')) j++;
      if (body.slice(j, j + 2) === '\\b') return true;
      if (body[j] === ')') j++;
      else if (body[j] === '|') {
        const group = enclosing(j);
        if (!group) return false;
        j = group[1] + 1;
      } else return false;
    }
  };
  const found: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      i++;
      continue;
    }
    if (isNonAsciiLetter(body[i]) && (boundaryBefore(i) || boundaryAfter(i))) found.push(body.slice(Math.max(0, i - 20), i + 20));
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/u.test(e.name) ? [join(dir, e.name)] : []));
}

function regexLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) out.push((node as ts.RegularExpressionLiteral).text.replace(/^\/|\/[a-z]*$/gu, ''));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('word boundaries next to letters outside ASCII', () => {
  it('are found directly, through a group, and through an alternation', () => {
    expect(asciiBoundariesAtLetters(String.raw`\bresponsabilité\b`)).toHaveLength(1);
    expect(asciiBoundariesAtLetters(String.raw`\bdurée\b`)).toEqual([]);
    expect(asciiBoundariesAtLetters(String.raw`\b(?:term|échéance)`)).toHaveLength(1);
    expect(asciiBoundariesAtLetters(String.raw`(?:le|la)\s+soussigné)\b`)).toHaveLength(1);
    expect(asciiBoundariesAtLetters(String.raw`\brésili\w*|\bjährlich\b|(?<![\p{L}\p{N}_])échéance(?![\p{L}\p{N}_])`)).toEqual([]);
  });

  it('are in no regular expression of the app', () => {
    const root = join(__dirname, '../../../..');
    const misread = sourceFiles(join(root, 'src')).flatMap((file) => regexLiterals(file).flatMap((body) => asciiBoundariesAtLetters(body).map((at) => `${relative(root, file)}: …${at}…`)));
    expect(misread).toEqual([]);
  });
});
