/**
 * Kinds the question head names only when the question says what the kind is about.
 *
 * The head learnt "how much" from questions about a cap on liability ("how much can the supplier
 * be liable for at most?") and reads a question about what a party is paid as one about the cap:
 * "how much is the golfer paid under the sport-haley endorsement?" 0.81, "how much is ireya paid
 * under the consulting agreement?" 0.66 (train contracts); the ask path then abstained with "No
 * passage … is a cap on liability clause" over the payment clause that answers. A question about a
 * cap says what is capped or what is at stake: liability, damages, a limit or ceiling, a maximum,
 * an exposure, a loss or claim, what can be recovered or owed. Every one of the train split's
 * 211 cap questions (templated, natural, with the document's name, and the hand-written sets')
 * uses one of these words; two retrains that taught the head payment questions as "no kind"
 * lost more natural questions of the money kinds than they mended (README, 2026-12-07).
 */
const NEEDS_WORDS: Readonly<Record<string, RegExp>> = {
  cap_on_liability:
    /(?<![\p{L}\p{N}])(?:liab\p{L}*|liable|cap|caps|capp\p{L}*|uncapped|limit\p{L}*|damage\p{L}*|exposure|exposed|ceiling|maxim\p{L}*|max|most|worst|recover\p{L}*|responsib\p{L}*|indemn\p{L}*|owe|owed|owes|owing|sue|sued|claims?|loss|losses|lose|hook|responsabilit\p{L}*|plafon\p{L}*|dommages?|haft\p{L}*|begrenz\p{L}*|höchst\p{L}*|obergrenze|schaden\p{L}*)(?![\p{L}\p{N}])/iu,
};

/** Whether the question's words allow the head to name `kind` (kinds without a word list always are). */
export function questionSaysKind(question: string, kind: string): boolean {
  const words = NEEDS_WORDS[kind];
  return words === undefined || words.test(question);
}
