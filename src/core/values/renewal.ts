/**
 * Whether a contract renews by itself: what the workspace question "which contracts renew
 * automatically?" (workspace/conditions.ts) and an answer about when the term ends
 * (answer/extractive.ts) read in a renewal clause.
 */

/**
 * A renewal that happens by itself: "renews automatically" (not "terminates automatically …
 * unless the parties agree in writing to extend"), "shall be renewed … unless either
 * party gives notice" (or "unless … notice …, this Agreement shall be renewed"), a notice of
 * non-renewal that stops it, "from year to year", "renewed tacitly". The commercial playbook's
 * "auto-renewal-flag" rule states the same test as RE2 patterns (a unit test keeps them agreeing).
 */
const RENEWS_ITSELF = /\bautomatic(?:ally)?\s+(?:be\s+)?(?:renew|extend|continu|roll)\w*|\b(?:renew|extend|continu|roll)\w*[^.;]{0,40}\bautomatic(?:ally)?\b|\bautomatic\s+(?:renewal|extension)|\b(?:auto-?renew\w*|evergreen|tacit(?:ly)?)\b|\b(?:shall|will)\s+(?:thereafter\s+)?(?:automatically\s+)?(?:be\s+)?(?:renew|extend|continu)\w*\b[^.;]{0,200}\bunless\b|\b(?:from\s+)?year\s+to\s+year\b|\bmonth\s+to\s+month\b|\bunless\b[^.;]{0,200}\b(?:shall|will)\s+(?:automatically\s+)?(?:be\s+)?(?:renew|extend)\w*|\bnotice\s+of\s+non-?renewal\b|\bnon-?renewal\s+notice\b|\btacite(?:ment)?\b|\breconduction\s+tacite\b|\bautomatiquement\b|\bstillschweigend\b|\bautomatisch\b|\bverlängert\s+sich\b/iu;
/** A renewal someone must choose: an option, a right, a notice to extend, the parties' agreement. */
const RENEWAL_CHOSEN = /\b(?:may|can)\b[^.;]{0,160}\b(?:renew|extend)\w*|\bagree\w*\s+in\s+writing\s+to\s+(?:renew|extend)|\bunless\s+the\s+parties\s+(?:mutually\s+)?(?:renew|extend)|\boption\s+to\s+(?:renew|extend)|\bright\s+(?:of|to)\s+renew\w*|\bby\s+mutual\s+(?:written\s+)?(?:agreement|consent)|\bmutually\s+agree\w*|\bpeut\s+être\s+(?:renouvel|prolong)\w*|\bd['’]un\s+commun\s+accord\b|\bkann\b[^.;]{0,60}\bverlängert\b|\beinvernehmlich\w*/iu;
/**
 * "shall not automatically renew", "will not be renewed"; a term that ends on its date "unless
 * extended" or "unless renewed" (someone must act: "shall continue until December 31, 2020, unless
 * extended or earlier terminated").
 */
const NO_RENEWAL = /\b(?:shall|will|does|do)\s+not\s+(?:be\s+)?(?:automatically\s+)?(?:renew|extend)\w*|\bno\s+(?:automatic\s+)?renewal\b|\bunless\s+(?:sooner\s+|earlier\s+|otherwise\s+)?(?:extended|renewed)\b/iu;

/** Whether a renewal clause renews the contract by itself: yes, no (an option or agreement needed, or no renewal), unclear. */
export function renewsItself(evidence: string): 'yes' | 'no' | 'unclear' {
  if (NO_RENEWAL.test(evidence)) return 'no';
  if (RENEWS_ITSELF.test(evidence)) return 'yes';
  return RENEWAL_CHOSEN.test(evidence) ? 'no' : 'unclear';
}
