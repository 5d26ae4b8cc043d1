/**
 * The nouns a contract is called by in a question ("the Integrity services agreement", "our
 * sponsorship with …", "the Acme licence"): one list for the value reader (values/extract.ts: how
 * long the agreement lasts) and the name resolver (search/doc-handles.ts: a name that calls the
 * document an agreement reads "agreement" when the question is read for its kind).
 */
export const AGREEMENT_NOUNS: readonly string[] = [
  'agreement', 'contract', 'deal', 'arrangement', 'license', 'licence', 'lease', 'partnership', 'alliance', 'engagement',
  'endorsement', 'sponsorship', 'franchise', 'distributorship', 'collaboration', 'venture', 'jv',
];
