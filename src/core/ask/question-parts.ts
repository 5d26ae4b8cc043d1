/**
 * The asks of a question that joins several: "how long does the deal run and does it renew?",
 * "who are the parties? when was it signed?", « quelle est la durée et est-ce qu'il se renouvelle ? »,
 * „wie lange läuft der Vertrag und verlängert er sich automatisch?“. Each part is read for the
 * clause kind and the value it asks (ask.ts, clause-rank.ts), so the second ask is not lost under
 * the first one's words: the question head, trained on one ask at a time, reads the whole of such
 * a question as neither.
 *
 * A part starts at "and" (et, und) followed by a question word or a verb opening a question, or
 * after a question mark. "…, and if so, for how long?" is one ask (the second part asks about the
 * first's clause), and so is "and" joining anything else ("termination and expiration"), or a
 * follow-up that names nothing of its own ("Is there a cap on liability, and what is it?").
 */

/** Words that open an ask after "and" (en). */
const EN = 'does|do|did|is|are|was|were|can|could|will|would|shall|should|may|might|must|has|have|had|what|what[\'’]s|when|where|which|who|whom|whose|why|how|whether';
/** … after « et » (fr). */
const FR = 'est-ce|quel|quelle|quels|quelles|quand|comment|combien|qui|où|pourquoi|peut-il|peut-elle|peut-on|doit-il|doit-elle|y\\s+a-t-il|a-t-il|a-t-elle|existe-t-il|se\\s+renouvelle-t-il|se\\s+renouvelle-t-elle';
/** … after „und“ (de). */
const DE = 'wie|was|wann|wo|wer|welche|welcher|welches|welchen|welchem|warum|ob|gibt|ist|sind|kann|können|muss|müssen|darf|hat|haben|wird|werden|verlängert|endet|läuft';

const JOINED = new RegExp(`\\s*,?\\s+(?:and\\s+(?=(?:${EN})(?![\\p{L}\\p{N}]))|et\\s+(?=(?:${FR})(?![\\p{L}\\p{N}]))|und\\s+(?=(?:${DE})(?![\\p{L}\\p{N}])))`, 'iu');
/** A question mark with more text after it. */
const ASKED_AGAIN = /(?<=\?)\s+(?=\S)/u;

/** Words a part needs to count as an ask of its own ("and is it?" does not). */
const MIN_PART_WORDS = 2;

/**
 * Words that name nothing of their own: question words, auxiliaries, pronouns, articles,
 * prepositions, and the measures a follow-up asks of the clause just named (how long, what
 * notice, up to what amount). A part made of these only ("what is it?", "which one?", "for how
 * long?", "on what notice?", "how long is each extension?": the CUAD questions' own follow-ups)
 * asks about the previous part's clause and stays with it.
 */
const ELLIPTICAL = new Set(
  (
    'what whats which who whom whose when where why how whether is isnt are was were be been being does do did can could will would shall should may might must has have had ' +
    'it its one ones that this these those they them there so each any either the a an for on in of to at by under with and or if then up exactly specifically s ' +
    'long much many amount amounts sum notice extension extensions period periods ' +
    'quel quelle quels quelles est-ce qu que quoi qui quand comment combien où pourquoi il elle ils elles le la les l un une de du des pour sur en à y a t est sont ce cela ça lequel laquelle longtemps temps préavis montant durée ' +
    'wie was wann wo wer welche welcher welches welchen welchem warum ob ist sind es er sie der die das den dem des ein eine für auf in von zu bis lange viel gibt hat frist betrag'
  ).split(' '),
);

/** The question's asks in order; the question itself when it asks one thing. */
export function questionParts(question: string): string[] {
  const pieces = question
    .split(ASKED_AGAIN)
    .flatMap((sentence) => sentence.split(JOINED))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (pieces.length < 2 || pieces.some((p) => words(p).length < MIN_PART_WORDS)) return [question];
  // A follow-up naming nothing of its own joins the ask before it.
  const parts: string[] = [];
  for (const piece of pieces) {
    const previous = parts.length - 1;
    if (previous >= 0 && words(piece).every((w) => ELLIPTICAL.has(w))) parts[previous] = `${parts[previous]} ${piece}`;
    else parts.push(piece);
  }
  return parts.length < 2 ? [question] : parts;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/gu, ' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length > 0);
}
