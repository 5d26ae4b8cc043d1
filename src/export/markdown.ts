/**
 * The one place Markdown exports make text inert. Every Markdown writer (the conversation, the
 * scan report, and whatever later writers add, translated labels included) passes user and
 * document text through these before it goes into the file, so a viewer that renders HTML
 * (many do: VS Code, GitHub, Obsidian, static-site generators) shows a payload typed in a
 * question or found in a contract as text, never as markup that runs:
 *
 * - `<`, `>` and `&` become entities: no tag, no comment, no autolink, no entity smuggling;
 * - the characters of inline syntax (`\ ` * _ [ ] | ~`) are escaped with a backslash: no link or
 *   image (`[x](javascript:…)` needs its brackets), no emphasis, code, table cell or strike;
 * - what would start a block at the start of a line ("# ", "- ", "+ ", "1. ", "---", "===") is
 *   escaped there (`>` is an entity already), and line breaks become spaces: text stays inside the line the writer put it on, so
 *   it cannot start a block of its own (a fenced block, a link definition, a raw HTML block).
 *
 * The rest is left as typed, so the file stays readable as plain text ("alert(1)", "12.2",
 * "non-compete").
 *
 * Structure the writer adds itself (`## `, `> `, `- `, footnote labels) is written outside these.
 */

import { boldRuns } from './bold-runs';

/** Inline syntax characters (CommonMark lets a backslash make any of them literal). */
const INLINE = /([\\`*_[\]|~])/g;
/** What starts a block at the start of a line: a heading, list item, thematic break or setext underline. */
const BLOCK_START = /^(\s*)(#|-|\+|=|(\d{1,9})([.)]))(?=[\s#=-]|$)/;

/** Text for a Markdown line: HTML shown as text, Markdown syntax literal, on one line. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(INLINE, '\\$1')
    .replace(BLOCK_START, (_, space: string, mark: string, digits: string | undefined, dot: string | undefined) => (digits ? `${space}${digits}\\${dot}` : `${space}\\${mark}`));
}

/** Like `escapeMarkdown`, keeping `**bold**` pairs (model answers use them) as emphasis. */
export function escapeMarkdownKeepingBold(text: string): string {
  return boldRuns(text).map((r) => (r.bold ? `**${escapeMarkdown(r.text)}**` : escapeMarkdown(r.text))).join('');
}
