/**
 * Words of one family the stemmer leaves apart: irregular forms ("paid", "sold", "bought",
 * "held"), the nouns contracts use for a verb a person asks with ("payment" of "how much does HDS
 * pay?", "sale" of "who can sell?"), and British and American spellings ("licence", "license").
 * Snowball stems suffixes only, so "pay" → "pai" and "payment" → "payment" never meet, and a
 * question in the everyday verb misses the clause written with the noun ("HDS will provide
 * payment of Fifty Thousand Dollars").
 *
 * At query time each term also matches the other terms of its family, at a lower weight than
 * itself (lexical-index.ts); the index is not changed. Families are written as words and read
 * through the analyzer, so they follow its stemming. A family holds the words of one lemma or a
 * verb and its action noun, never synonyms ("purchase" is not "buy") nor a role ("owner"), which
 * would pull in every sentence about that party.
 */
import type { Analyzer } from './analyzer';

const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  en: [
    'pay paid payment payments payable',
    'sell sold sale sales',
    'buy bought',
    'owns owned ownership',
    'make made',
    'hold held',
    'give gave given',
    'keep kept',
    'lose lost',
    'bring brought',
    'send sent',
    'spend spent',
    'lend lent',
    'begin began begun',
    'choose chose chosen',
    'deal dealt',
    'draw drew drawn',
    'know knew known',
    'meet met',
    'seek sought',
    'tell told',
    'take took taken',
    'understand understood',
    'withdraw withdrew withdrawn',
    'write wrote written',
    'undertake undertook undertaken',
    'forbid forbade forbidden',
    'deliver delivery deliveries',
    'indemnify indemnification indemnity indemnities',
    'expire expiry',
    'disclose disclosure disclosures',
    'fail failure',
    'liable liability liabilities',
    'license licence',
    'defense defence',
    'offense offence',
    'judgment judgement',
    'authorize authorise',
    'organization organisation',
    'favor favour',
    'labor labour',
    'honor honour',
    'behavior behaviour',
    'center centre',
    'program programme',
    'catalog catalogue',
    'fulfill fulfil',
    'installment instalment',
  ],
  fr: ['vendre vendu vendue vente ventes', 'acheter acheté achat achats', 'livrer livré livraison'],
  de: [
    'zahlen zahlt gezahlt bezahlen bezahlt Zahlung Zahlungen',
    'verkaufen verkauft Verkauf',
    'kaufen kauft gekauft Kauf',
    'liefern liefert geliefert Lieferung',
    'kündigen kündigt gekündigt Kündigung',
    'haften haftet gehaftet Haftung',
  ],
};

/** The analysed families of a language, per analyzer (the analyzer decides what a term is). */
const built = new WeakMap<Analyzer, Map<string, ReadonlyMap<string, readonly string[]>>>();

/** Each term of a family → the family's other terms (empty map for a language without families). */
export function termFamilies(analyzer: Analyzer, language: string): ReadonlyMap<string, readonly string[]> {
  let perLanguage = built.get(analyzer);
  if (!perLanguage) built.set(analyzer, (perLanguage = new Map<string, ReadonlyMap<string, readonly string[]>>()));
  const known = perLanguage.get(language);
  if (known) return known;
  const out = new Map<string, string[]>();
  for (const family of FAMILIES[language] ?? []) {
    const terms = [...new Set(family.split(' ').map((w) => analyzer.term(w, language)).filter((t): t is string => t !== null))];
    for (const t of terms) {
      const others = terms.filter((o) => o !== t);
      if (others.length > 0) out.set(t, [...new Set([...(out.get(t) ?? []), ...others])]);
    }
  }
  perLanguage.set(language, out);
  return out;
}

/** The other terms of a term's family ("pai" → "paid", "payment", "payabl"), none when it has none. */
export function termVariants(analyzer: Analyzer, term: string, language: string): readonly string[] {
  return termFamilies(analyzer, language).get(term) ?? [];
}
