/**
 * The nouns a document's title uses to say what kind of document it is (a closed class per
 * language: "Agreement", "Contract", "Amendment", "Contrat", "Vereinbarung", …), and the words
 * that only qualify it ("form of", "amended and restated"). A title line holds one; a legend,
 * a party line or a sentence rarely ends in one.
 */

const EN = [
  'agreement', 'agreements', 'contract', 'contracts', 'license', 'licence', 'amendment', 'addendum', 'lease', 'sublease', 'deed', 'memorandum',
  'understanding', 'terms', 'conditions', 'policy', 'plan', 'charter', 'bylaws', 'certificate', 'indenture', 'guaranty', 'guarantee', 'undertaking',
  'letter', 'note', 'warrant', 'mortgage', 'consent', 'waiver', 'release', 'order', 'statement', 'schedule', 'protocol', 'arrangement', 'covenant',
  'commitment', 'assignment', 'declaration', 'regulation', 'directive', 'act', 'code', 'statute', 'rules', 'nda', 'sow', 'mou', 'loi',
];
const FR = ['contrat', 'accord', 'convention', 'avenant', 'protocole', 'bail', 'charte', 'conditions', 'code', 'règlement', 'reglement', 'statuts', 'pacte', 'engagement', 'mandat', 'licence', 'cession'];
const DE = [
  'vertrag', 'vereinbarung', 'bedingungen', 'geschäftsbedingungen', 'gesetz', 'gesetzbuch', 'ordnung', 'satzung', 'richtlinie', 'verordnung', 'agb', 'lizenzvertrag',
  'rahmenvertrag', 'kaufvertrag', 'dienstvertrag', 'mietvertrag', 'nachtrag', 'zusatzvereinbarung', 'erklärung',
];

const NOUNS = new Set([...EN, ...FR, ...DE]);
/** German compounds end in a noun of the class: "Geheimhaltungsvereinbarung", "Lizenzvertrag". */
const DE_SUFFIX = /(?:vertrag|vereinbarung|bedingungen|gesetz|ordnung|richtlinie|verordnung)$/u;

const fold = (w: string): string => w.toLowerCase();

/** Words of a line, letters and digits only (hyphenated words kept whole). */
export function words(line: string): string[] {
  return line.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/**
 * Nouns that name a document on their own in a title (the strong ones: a line holding only
 * "Terms" or "Schedule" or "Statement" is not a title, one holding "Agreement" or "Contract" is).
 */
const STRONG = new Set([
  'agreement', 'agreements', 'contract', 'contracts', 'license', 'licence', 'amendment', 'addendum', 'lease', 'sublease', 'deed', 'memorandum', 'indenture',
  'guaranty', 'guarantee', 'charter', 'bylaws', 'covenant', 'arrangement', 'protocol', 'nda', 'contrat', 'accord', 'convention', 'avenant', 'protocole', 'bail',
  'vertrag', 'vereinbarung', 'nachtrag',
]);

/** The strongest document noun of a line: 2 for a strong one, 1 for a weak one, 0 for none. */
export function documentNounStrength(line: string): 0 | 1 | 2 {
  let best: 0 | 1 | 2 = 0;
  for (const w of words(line)) {
    const f = fold(w);
    if (STRONG.has(f) || (f.length > 10 && DE_SUFFIX.test(f))) return 2;
    if (NOUNS.has(f)) best = 1;
  }
  return best;
}
