/**
 * The shorthand people type into a search box about contracts, read as the words it stands for
 * ("GL for the Miaoli architect contract?", "SandRidge / Piñon O&M agmt - CoC", "can they walk
 * away w/o cause? any T4C?"): the document names, the retrieval query and the question head all
 * read words, and none of them knows "agmt" is an agreement or "LoL" a limitation of liability.
 *
 * Written from practice (the abbreviations of commercial contract work), not from any question
 * set. Capitals are required where the letters are also a word or a name in lower case ("GL",
 * "IP", "LD"); "min" and "max" only before a word ("min volume", not "30 min"). The question is
 * kept verbatim for display, citations and any language model; this is what the readers read.
 */

const edge = (source: string) => new RegExp(String.raw`(?<![\p{L}\p{N}&/])(?:${source})(?![\p{L}\p{N}&/])`, 'gu');

const SHORTHAND: readonly (readonly [RegExp, string])[] = [
  [edge(String.raw`[Aa]gmts|AGMTS|[Aa]grmts|AGRMTS`), 'agreements'],
  [edge(String.raw`[Aa]gmt|AGMT|[Aa]grmt|AGRMT|[Aa]greemt`), 'agreement'],
  [edge(String.raw`O&M`), 'operations and maintenance'],
  [edge(String.raw`T&Cs`), 'terms and conditions'],
  [edge(String.raw`[Ww]\/o`), 'without'],
  [edge(String.raw`GL`), 'governing law'],
  [edge(String.raw`CoC|COC`), 'change of control'],
  [edge(String.raw`[Tt]4[Cc]|TfC|TFC`), 'termination for convenience'],
  [edge(String.raw`LoL|LOL`), 'limitation of liability'],
  [edge(String.raw`LDs`), 'liquidated damages'],
  [edge(String.raw`MFN`), 'most favoured nation'],
  [edge(String.raw`ROFR`), 'right of first refusal'],
  [edge(String.raw`ROFN`), 'right of first negotiation'],
  [edge(String.raw`IPR?s?`), 'intellectual property'],
  [edge(String.raw`(?<!\d\s?)[Mm]in\.?(?=\s+\p{L})`), 'minimum'],
  [edge(String.raw`(?<!\d\s?)[Mm]ax\.?(?=\s+\p{L})`), 'maximum'],
  [edge(String.raw`[Rr]eqs`), 'requirements'],
  [edge(String.raw`[Mm]fg`), 'manufacturing'],
  [edge(String.raw`[Mm]gmt`), 'management'],
  [edge(String.raw`[Ss]vcs`), 'services'],
  [edge(String.raw`[Yy]rs`), 'years'],
  [edge(String.raw`[Pp]pl`), 'people'],
];

/** The question with its shorthand written out (unchanged when it has none). */
export function expandShorthand(question: string): string {
  let out = question;
  for (const [pattern, words] of SHORTHAND) out = out.replace(pattern, words);
  return out;
}
