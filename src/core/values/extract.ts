/**
 * The typed value a question asks for, read from passages: `valueKindOf(question)` tells which
 * value is asked (en/fr/de), `extractValue(kind, text)` reads it with its span. Pure.
 */
import { AGREEMENT_NOUNS as AGREEMENT_NOUN_LIST } from '../text/agreement-nouns';
import { ROLE_NOUNS_DE, ROLE_NOUNS_EN, ROLE_NOUNS_FR } from '../text/defined-names';
import { REDACTION_MARK } from '../text/redaction';
import { splitSentences } from '../text/sentences';
import { findAmounts, findFeeMonths } from '../scan/values';
import { extractGoverningLaw } from './jurisdiction';
import { extractParties } from './parties';
import { extractEffectiveDate, extractExpiration, extractNoticePeriod, extractRenewalTerm, extractTerminationNotice } from './terms';
import type { TypedValue, ValueContext, ValueKind } from './types';

/**
 * A question asking which party holds a role ("who is the licensor?", "which party is the
 * supplier?", « qui est le distributeur ? », „Wer ist der Lizenznehmer?“): the parties answer it,
 * each with the names the contract defines for it. The roles contracts give their parties, not
 * any noun ("who is the project manager?" asks for a person the parties name).
 */
const ROLES_EN = [...ROLE_NOUNS_EN, 'service\\s+provider', 'disclosing\\s+party', 'receiving\\s+party', 'licensing\\s+party'].join('|');
const ROLES_FR = ROLE_NOUNS_FR.join('|');
const ROLES_DE = ROLE_NOUNS_DE.join('|');
const ROLE_ASKED = String.raw`\b(?:who|which\s+(?:party|company|entity|side|one))\s+(?:is|are|acts\s+as)\s+(?:the\s+)?(?:${ROLES_EN})s?\b(?!\s+(?:of|for|to|from|on)\s+(?!(?:the|this|that|our)\s+(?:\S+\s+){0,3}?(?:agreement|contract|deal)\b))|\bqui\s+est\s+(?:le|la|l['’])\s*(?:${ROLES_FR})(?![\p{L}\p{N}_])|\b(?:wer|welche\s+partei)\s+ist\s+(?:der|die)\s+(?:${ROLES_DE})(?![\p{L}\p{N}_])`;

/** Question cues, most specific first (a notice-of-non-renewal question also says "renew"). */
const ASKED: readonly (readonly [ValueKind, RegExp])[] = [
  ['governing_law', /\bgovern(?:s|ed|ing)?\s+(?:by\s+)?(?:\w+\s+)?law|\bgovern\w*\s+by\b[^?]{0,40}\blaws?\b|\blaw\s+(?:govern|appl|control)|\b(?:applicable|proper)\s+law\b|\bchoice\s+of\s+law\b|\bjurisdiction'?s?\s+law\b|\b(?:which|what)\s+(?:state'?s?\s+|country'?s?\s+|jurisdiction'?s?\s+)?laws?\b|\bdroit\s+applicable\b|\bloi\s+applicable\b|\brégi[es]?\s+par\b|\bquel\s+droit\b|\banwendbare[snm]?\s+recht\b|\brechtswahl\b|\bwelche[sm]?\s+recht\b|\bunterlieg\w*\b.*\brecht\b|\brecht\b[^?]{0,30}\banwendbar\b|\bquelle\s+loi\b|\bloi\b[^?]{0,20}\brégi(?:t|ssant)\b|\bsoumis\s+au\s+droit\b/iu],
  ['notice_period', /\bnotice\b.*\b(?:renew\w*|non-renewal|extension|extend\w*|expir\w*|evergreen)|\b(?:renew\w*|non-renewal|extension)\b.*\bnotice\b|\b(?:deadline|in\s+advance|opt\s+out|notify|tell|inform)\b[^?]*\b(?:renew\w*|non-renewal)|\b(?:renew\w*|non-renewal)\b[^?]*\b(?:deadline|in\s+advance|notify|tell|inform)\b|\bpréavis\b[^?]*\b(?:renouvel\w*|non-renouvel\w*|reconduction)|\bnichtverlängerung\b|\bnotice\b[^?]*\broll(?:s|ed|ing)?\s+over\b|\bnon-renewal\s+(?:letter|notice)\b|\b(?:latest|how\s+late|how\s+far\s+ahead|how\s+early|by\s+when|deadline|tell|notify|inform|let\s+\w+\s+know)\b[^?]*\b(?:not\s+(?:to\s+)?renew|(?:don['’]?t|do\s+not|doesn['’]?t|does\s+not)\s+want\s+(?:it|this|that|the\s+[\w-]+(?:\s+[\w-]+)?)\s+to\s+(?:continue|renew|roll\s+over|extend|carry\s+on))/iu],
  // Notice to end the contract, not a renewal: "how much notice do we need to give to terminate?",
  // "notice period for termination", « préavis de résiliation », „Kündigungsfrist“.
  ['termination_notice', /\bnotice\b[^?]*\b(?:terminat\w*|cancel\w*|exit\b|walk\s+away|end\s+(?:the|this|that|our|their|it)\b)|\b(?:terminat\w*|cancel\w*)\b[^?]*\bnotice\b|\bpréavis\b|\bkündigungsfrist\b|\bkündig\w*[^?]*\bfrist\b/iu],
  ['renewal_term', /\brenew\w*|\bevergreen\b|\bauto-?renew|\bextensions?\b|\bextend\w*\b[^?]{0,30}\b(?:after|beyond|past|once)\b|\broll(?:s|ed)?\s+over\b|\brenouvel\w*|\breconduction\b|\bverlänger\w*/iu],
  ['liability_cap', /\b(?:cap|limit\w*|maximum|max)\b[^?]{0,40}\bliabilit\w*|\bliabilit\w*\b[^?]{0,30}\b(?:cap\w*|limit\w*)|\bmax(?:imum)?\s+liabilit|\brecover\b[^?]{0,40}\bat\s+most\b|\bplafond\b|\blimitation\s+de\s+responsabilité(?![\p{L}\p{N}_])|\bhaftungs(?:begrenzung|höchstbetrag|obergrenze|beschränkung)\b|\bhaftung\b[^?]{0,40}\b(?:begrenzt|beschränkt|gedeckelt|maximal|höchstens)\b|\bresponsabilit\w*\b[^?]{0,40}\b(?:limitée?s?|plafonnée?s?)(?![\p{L}\p{N}_])|\bjusqu['’]à\s+quel\s+montant\b/iu],
  ['expiration_date', /\bexpir\w*|\bend\s+date\b|\bhow\s+long\b|\buntil\s+when\b|\bwhen\s+(?:does|will|do|would)\b[^?]*\b(?:end|terminate)\b|\binitial\s+term\b|\bduration\b|\bdate\s+d['’]expiration\b|(?<![\p{L}\p{N}_])échéance(?![\p{L}\p{N}_])|\bdurée\b|\bprend(?:ra)?(?:-t?-?(?:il|elle))?\s+fin\b|\bse\s+termine\w*|\bjusqu['’]à\s+quand\b|\blaufzeit\b|\bendet\b|\bablauf\w*|\bbis\s+wann\b|\bläuft\b[^?]{0,60}\baus\b|\bwie\s+lange\s+läuft\b|\bcombien\s+de\s+temps\b[^?]*\b(?:dure|court)\b/iu],
  ['effective_date', /\beffective\s+date\b|\bwhen\s+(?:was|were|is|did)\b[^?]*\b(?:signed|executed|entered\s+into|dated)\b|\b(?:date\s+of\s+(?:signature|execution)|signature\s+date|execution\s+date)\b|\bquand\b[^?]*\bsign[ée]\w*|\bwann\b[^?]*\b(?:unterzeichnet|unterschrieben)\b|\bwhen\s+(?:does|did)\b[^?]*\b(?:start|begin|commence|take\s+effect)\b|\bdate\s+d['’]effet\b|\bentrée\s+en\s+vigueur\b|\binkrafttreten\b|\bbeginn\b/iu],
  ['parties', new RegExp(String.raw`\bwho\s+are\s+the\s+parties\b|\bparties\s+to\b|\bwhich\s+parties\b|\bbetween\s+whom\b|\bqui\s+sont\s+les\s+parties\b|\bvertragsparteien\b|\bwer\s+sind\s+die\s+parteien\b|${ROLE_ASKED}`, 'iu')],
];

/** The value a clause kind states (the learnt question head's kinds, `cuad_*` slugs): the value asked when a question asks about that kind. */
export const VALUE_OF_KIND: Readonly<Record<string, ValueKind>> = {
  governing_law: 'governing_law',
  renewal_term: 'renewal_term',
  notice_period_to_terminate_renewal: 'notice_period',
  expiration_date: 'expiration_date',
  effective_date: 'effective_date',
  cap_on_liability: 'liability_cap',
};

/**
 * Values a kind states only when the words ask for them: the notice to end the contract, of a
 * termination clause ("can we terminate for convenience, and on what notice?"); the clause
 * itself answers a yes/no question otherwise.
 */
export const VALUES_ASKED_OF_KIND: Readonly<Record<string, readonly ValueKind[]>> = {
  termination_for_convenience: ['termination_notice'],
};

/** The clause kind stating each value: VALUE_OF_KIND and VALUES_ASKED_OF_KIND read the other way (parties: none). */
export const KIND_OF_VALUE: Readonly<Partial<Record<ValueKind, string>>> = Object.fromEntries<string>([
  ...Object.entries(VALUE_OF_KIND).map(([kind, value]): [string, string] => [value, kind]),
  ...Object.entries(VALUES_ASKED_OF_KIND).flatMap(([kind, values]) => values.map((value): [string, string] => [value, kind])),
]);

/**
 * The value a question asks for, given the clause kinds the learnt question head reads in it
 * (best first): as the words say (valueKindOf), but none when the first kind states no value of
 * the kind the words name ("how long is the warranty?" asks a warranty's duration, not when the
 * contract expires; "which claims are excluded from the limitation of liability?" asks no cap),
 * and the kind's value when the words name none. On the train split's natural questions, the
 * wording never seen by the head (the trainer's `value_kind_unseen`, in the model card): the
 * words alone read the asked value right for 92.9 %, this for 94.9 %; the head's kind alone is
 * no better than the words on questions that do ask a value (99 against 101 of 122).
 */
export function askedValue(question: string, askedKinds: readonly { readonly type: string }[]): ValueKind | null {
  const value = valueOfWordsOrKind(question, askedKinds);
  // A sum is asked ("what is the initial franchise fee?", "what's the renewal fee?"): no date,
  // length or law answers it, whatever the head reads in "initial" or the words in "renewal".
  return value !== null && asksAmount(question) && !AMOUNT_VALUES.has(value) ? null : value;
}

/** The values that are sums of money. */
export const AMOUNT_VALUES: ReadonlySet<ValueKind> = new Set<ValueKind>(['liability_cap']);

/**
 * The question asks for a sum of money (en/fr/de): a fee, a price, a cost, a royalty, a payment,
 * "how much do we pay". Not "how much notice" (a length).
 */
export function asksAmount(question: string): boolean {
  return AMOUNT_ASKED.test(question);
}

const AMOUNT_ASKED =
  /\b(?:fees?|prices?|pricing|costs?|royalt(?:y|ies)|payments?|compensation|commissions?|charges?)\b|\bhow\s+much\s+(?:money\b|(?:do|does|did|will|would|must|should|shall|can|is|are)\s+(?:\S+\s+){0,2}?(?:pay|owe|charge|cost|earn|receive|get\s+paid)\b)|\b(?:frais|prix|redevances?|rémunération|coûts?|tarifs?)(?![\p{L}\p{N}_])|\b(?:gebühr\p{L}*|lizenzgebühr\p{L}*|preis\p{L}*|vergütung\p{L}*|kosten|provisionen|entgelt\p{L}*)(?![\p{L}\p{N}_])/iu;

/** The value the words ask for, else the value of the first kind the head reads (askedValue without the sum guard). */
function valueOfWordsOrKind(question: string, askedKinds: readonly { readonly type: string }[]): ValueKind | null {
  const words = valueKindOf(question);
  const first = askedKinds[0];
  // The law words name only one thing ("under which jurisdiction's law is our licence deal
  // construed?"): no clause kind the head reads in the rest (a licence) makes them ask another.
  if (words === 'governing_law') return words;
  // No kind read: "how long is the lock-up?" asks how long the lock-up lasts, not the agreement's
  // term; a question naming the term ("term and expiry of the alliance?"), asking it of the
  // agreement itself, or asking nothing else, asks its end.
  if (!first) return words === 'expiration_date' && !TERM_NAMED.test(question) && !agreementLasts(question) && !asksOnlyFor(question, words) ? null : words;
  // "How long does the supply agreement run?", "what is the term of our deal?": the agreement is
  // what lasts, whatever kind the head reads in "run" or "last" (a warranty's duration).
  if (words === 'expiration_date' && agreementLasts(question)) return words;
  if (words && VALUES_ASKED_OF_KIND[first.type]?.includes(words)) return words;
  const kindValue = VALUE_OF_KIND[first.type] ?? null;
  return kindValue === null ? null : (words ?? kindValue);
}

/** Words naming a contract's term itself (en/fr/de). */
const TERM_NAMED = /(?<![\p{L}\p{N}_])(?:term|terms|expir\p{L}*|expiry|duration|end\s+date|durée|échéance|laufzeit|vertragsdauer|vertragsende|ablauf)(?![\p{L}\p{N}_])/iu;

/**
 * The words that ask for a value and name nothing else (en/fr/de): "how long does it last before
 * any renewal?" is all asking; "how long must Confidential Information be kept secret?" names a
 * subject besides. The ask path lets the clause signal judge a question whose words no passage
 * holds only when they are all of these (ask/sufficiency.ts). The vocabulary of ASKED above.
 */
export const VALUE_WORDS: Readonly<Record<ValueKind, readonly string[]>> = {
  expiration_date: ['how', 'long', 'last', 'run', 'end', 'expire', 'expiry', 'expiration', 'term', 'duration', 'until', 'when', 'initial', 'date', 'renewal', 'renew', 'extension', 'nobody', 'before', 'durée', 'échéance', 'fin', 'termine', 'laufzeit', 'endet', 'ablauf', 'vertragsende', 'läuft'],
  renewal_term: ['how', 'long', 'renew', 'renewal', 'automatically', 'automatic', 'term', 'extension', 'extensions', 'extend', 'extended', 'roll', 'over', 'evergreen', 'period', 'each', 'renouvellement', 'reconduction', 'verlängerung', 'automatisch'],
  notice_period: ['how', 'much', 'many', 'notice', 'days', 'renew', 'renewal', 'non-renewal', 'stop', 'prevent', 'terminate', 'give', 'given', 'deadline', 'advance', 'opt', 'out', 'tell', 'inform', 'notify', 'préavis', 'kündigungsfrist', 'nichtverlängerung'],
  termination_notice: ['how', 'much', 'many', 'notice', 'period', 'days', 'terminate', 'termination', 'terminating', 'cancel', 'cancellation', 'end', 'exit', 'give', 'given', 'advance', 'prior', 'early', 'préavis', 'résiliation', 'résilier', 'kündigungsfrist', 'kündigung', 'kündigen', 'frist'],
  governing_law: ['law', 'governs', 'governing', 'governed', 'applicable', 'jurisdiction', 'which', 'state', 'country', 'applies', 'choice', 'droit', 'loi', 'régi', 'recht', 'anwendbar', 'rechtswahl'],
  liability_cap: ['liability', 'cap', 'capped', 'limit', 'limited', 'limitation', 'maximum', 'max', 'damages', 'much', 'plafond', 'responsabilité', 'haftung', 'haftungsbegrenzung'],
  effective_date: ['effective', 'date', 'start', 'begin', 'commence', 'when', 'effet', 'vigueur', 'inkrafttreten', 'beginn'],
  parties: ['parties', 'party', 'who', 'parteien', 'vertragsparteien'],
};

/** The nouns a contract is called by (text/agreement-nouns.ts), as a pattern. */
const AGREEMENT_NOUNS = AGREEMENT_NOUN_LIST.join('|');
/** Words that name the agreement itself (possibly after its name: "the Integrity services agreement"). */
const AGREEMENT_NOUN = String.raw`(?:the|this|that|our|your|their)\s+(?:(?!(?:under|of|in|for|on|to|by|about)\b)[\p{L}\p{N}'’&./-]+\s+){0,6}?(?:${AGREEMENT_NOUNS})(?:\s+(?:with|between)(?:\s+[\p{L}\p{N}'’&./-]+){1,5}?)?`;
/** The question asks how long the agreement itself lasts, or its term. */
const AGREEMENT_LASTS = new RegExp(
  String.raw`\b(?:how\s+long|until\s+when|when)\s+(?:does|will|would|is|do|did|can)\s+${AGREEMENT_NOUN}\s+(?:last|run|continue|remain|stay|end|expire|be\s+in\s+(?:force|effect))\b|\b(?:term|duration|length)\s+of\s+${AGREEMENT_NOUN}\b`,
  'iu',
);

/** "How long does it run?" of a question that names the agreement and nothing else ("Miltenyi supply agreement: how long does it run?"). */
const IT_LASTS = /\b(?:how\s+long|until\s+when|when)\s+(?:does|will|would|is|do|did|can)\s+it\s+(?:last|run|continue|remain|stay|end|expire|be\s+in\s+(?:force|effect))\b/iu;
const AGREEMENT_WORD = new RegExp(`^(?:${AGREEMENT_NOUNS})s?$`, 'iu');
const PLAIN_WORD = /^(?:the|this|that|our|your|their|a|an|so|and|then|now|ok|okay|please)$/iu;

/** Words that ask nothing of their own: auxiliaries, pronouns, articles. */
const FUNCTION_WORD = /^(?:does|do|did|is|are|was|were|will|would|can|could|shall|should|it|its|they|we|us|what|whats|s|of|for|in|on|to)$/iu;

/**
 * The question's words only ask for the value `kind` (VALUE_WORDS), naming the agreement at most:
 * "how long does it last?", "how long does the contract run?" — not "how long does the
 * exclusivity last?", whose subject is another clause.
 */
export function asksOnlyFor(question: string, kind: ValueKind): boolean {
  const asking = new Set(VALUE_WORDS[kind]);
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 && words.every((w) => asking.has(w) || AGREEMENT_WORD.test(w) || PLAIN_WORD.test(w) || FUNCTION_WORD.test(w));
}

/**
 * The question asks how long the agreement itself lasts: its term or duration, the agreement
 * lasting or ending, or "it" lasting when the question names the agreement and nothing else it could be.
 */
function agreementLasts(question: string): boolean {
  if (AGREEMENT_LASTS.test(question)) return true;
  const it = IT_LASTS.exec(question);
  if (!it) return false;
  const others = (question.slice(0, it.index) + ' ' + question.slice(it.index + it[0].length)).match(/[\p{L}\p{N}]+/gu) ?? [];
  return others.some((w) => AGREEMENT_WORD.test(w)) && others.every((w) => AGREEMENT_WORD.test(w) || PLAIN_WORD.test(w));
}

/** Which value the question's words ask for, or null (a yes/no question about a clause asks none). */
export function valueKindOf(question: string): ValueKind | null {
  // "Is liability uncapped?" asks whether there is no cap, not for the amount.
  if (/\buncapped\b|\bunlimited\b|\bnot\s+capped\b/iu.test(question)) return null;
  // "How long does it last before any renewal?", "When will it end if nobody renews it?": a
  // renewal named only to be set aside asks for the end of the term as it stands.
  if (RENEWAL_SET_ASIDE.test(question) && ENDS.test(question) && !/\bnotice\b|\bpréavis\b|\bkündigung\w*/iu.test(question)) return 'expiration_date';
  for (const [kind, re] of ASKED) if (re.test(question)) return kind;
  return agreementLasts(question) ? 'expiration_date' : null;
}

/** A renewal the question sets aside ("before any renewal", "without renewals", "if it is not renewed", "if nobody renews it"). */
const RENEWAL_SET_ASIDE = /\b(?:before|without|excluding|absent|barring|ignoring|not\s+counting|prior\s+to)\s+(?:any\s+|an?\s+|the\s+)?(?:renew\w*|extension\w*)|\bif\s+(?:nobody|no\s+one|neither\s+(?:party|side)|(?:it|this|that|the\s+\w+)\s+(?:is|isn['’]t|was)\s+not|it\s+isn['’]t|not)\s+(?:renew\w*|extend\w*)|\bsans\s+(?:renouvellement|reconduction)\b|\bohne\s+verlängerung\b/iu;
/** The question asks when or how long: the term's end. */
const ENDS = /\bhow\s+long\b|\bwhen\b|\buntil\b|\bend\b|\bexpir\w*|\blast\b|\brun\b|\bterm\b|\bdurée\b|\bquand\b|\bwann\b|\blaufzeit\b|\bendet\b/iu;

const LIABILITY = /\bliabilit\w*|\bliable\b|\bexceed\w*|\baggregate\b|\bresponsabilité(?![\p{L}\p{N}_])|\bhaftung\w*|\bhaftet\b/iu;

/**
 * A cap stated as what was paid rather than a sum: "shall not exceed the total Commissions paid or
 * payable by Chase under this Agreement", "in excess of the amounts of royalties actually received",
 * "shall not exceed, in the aggregate, an amount equal to payments made under this Agreement",
 * "will be limited in the aggregate to an amount equal to twenty four (24) times the monthly
 * administrative fee to be paid by Client".
 */
const CAP_FORMULA = /\b(?:exceed(?:s|ing)?|in\s+excess\s+of|greater\s+than|more\s+than|(?:limited|capped)(?:\s+(?:in\s+(?:the\s+)?aggregate|in\s+total|cumulatively))?\s+(?:to|at))\s*,?\s+(?:(?:in\s+(?:the\s+)?aggregate|in\s+total|cumulatively)\s*,?\s+)?((?:an?\s+(?:amount|sum)\s+equal\s+to\s+)?(?:(?:[\p{L}-]+\s+){1,3}(?:\(\d+\)\s+)?times\s+)?(?:the\s+)?(?:(?:total|aggregate|cumulative|actual|monthly|annual|yearly)\s+)*(?:[\p{L}-]+\s+)?(?:amounts?|fees?|sums?|monies|moneys|commissions|royalties|payments?|price|charges|consideration|compensation)\b[^.;:]{0,100}?\b(?:paid|payable|received|owed|due|made)\b[^.;:]{0,120}?(?=[.;:]|,\s|$))/iu;

/**
 * A cap stated as the contract's value or price: "will be limited to a value equal to contractual
 * value as per clause 7.1", "shall not exceed the total contract price", "limited to the value of
 * this Agreement".
 */
const CAP_CONTRACT_VALUE = /\b(?:exceed(?:s|ing)?|in\s+excess\s+of|greater\s+than|more\s+than|(?:limited|capped)(?:\s+(?:in\s+(?:the\s+)?aggregate|in\s+total))?\s+(?:to|at))\s*,?\s+((?:an?\s+(?:amount|sum|value)\s+equal\s+to\s+)?(?:the\s+)?(?:(?:total|aggregate|annual|overall)\s+)?(?:(?:contract(?:ual)?|agreement)\s+(?:value|price|sum)|value\s+of\s+(?:this|the)\s+(?:agreement|contract))\b(?:[^.;:]|\.(?=\d)){0,60}?(?=[.;:](?!\d)|,\s|\s+and\s|$))/iu;

/**
 * A cap stated as the greater or lesser of two measures, after words that say what it limits:
 * "ALL LIABILITY OF EACH PARTY … SHALL BE LIMITED SEPARATELY FOR PRODUCTS AND SERVICES PURCHASES
 * TO THE GREATER OF I) [*****] OR (II) THE MONEY PAID TO CISCO … DURING THE [*****] PERIOD
 * PRECEDING THE EVENT", "shall not exceed the lesser of (a) the charges for the affected Services
 * or (b) the Supplier's insurance cover". (A sum stated beside it is read as the amount, below.)
 */
const CAP_GREATER_OF = /\b(?:exceed(?:s|ing)?|(?:limited|capped)(?:\s+[^.;:]{1,80}?)?\s+(?:to|at))\s*,?\s+((?:the\s+)?(?:greater|lesser|higher|lower)\s+of\b[^.;:]{3,240}?)(?=[.;:](?!\d)|$)/iu;

/**
 * A cap whose amount the filed copy blanks out: "CPDC'S MAXIMUM LIABILITY … WILL NOT EXCEED [***]".
 * The cap is stated; its amount is the redaction mark (never "no passage states a cap").
 */
const CAP_REDACTED = new RegExp(String.raw`\b(?:exceed(?:s|ing)?|in\s+excess\s+of|greater\s+than|more\s+than|limited\s+to|capped\s+at|maximum\s+of)\s*,?\s+(?:(?:the\s+)?(?:amount|sum)\s+of\s+)?(${REDACTION_MARK})`, 'iu');

/**
 * A cap as French and German state it by what was paid or is worth: « est limitée au montant des
 * sommes versées par le Distributeur au cours des douze (12) mois précédant le fait générateur »,
 * „ist auf den Auftragswert des jeweiligen Kalenderjahres begrenzt“.
 */
const CAP_FORMULA_FR = /(?<![\p{L}])(?:limitée?s?|plafonnée?s?)\s+(?:(?:au\s+total|globalement|en\s+tout\s+état\s+de\s+cause)\s+)?(?:à|au|aux)\s+((?:la\s+somme|le\s+montant|montant|l['’]ensemble|(?:[\p{L}-]+\s+)?(?:\(\d+\)\s+)?fois)(?![\p{L}])[^.;:]{3,160}?)(?=[.;:]|,\s|$)/iu;
const CAP_FORMULA_DE = /(?<![\p{L}])auf\s+([^.;:]{3,120}?)\s+(?:begrenzt|beschränkt)(?![\p{L}])/iu;
/** The months of fees such a formula counts ("douze (12) mois", "der letzten zwölf (12) Monate"). */
const FORMULA_MONTHS = /(?:\((\d{1,3})\)|(?<![\p{L}\p{N}])(\d{1,3}))\s+(?:derniers\s+|letzten\s+)?(?:mois|monate?n?)(?![\p{L}])/iu;

/** The liability cap: an amount ("$1,000,000") or a formula ("the fees paid in the 12 months preceding"). */
function extractLiabilityCap(text: string): TypedValue | null {
  for (const s of splitSentences(text)) {
    const sentence = text.slice(s.start, s.end);
    if (!LIABILITY.test(sentence) || !/\b(?:exceed\w*|limit\w*|cap\w*|maximum|not\s+more\s+than|in\s+no\s+event|greater\s+of|lesser\s+of|dépass\w*|plafonn\w*|begrenzt|beschränkt|höchstens)\b/iu.test(sentence)) continue;
    const fee = findFeeMonths(sentence)[0];
    const amount = findAmounts(sentence)[0];
    if (fee && (!amount || fee.index <= amount.index)) {
      return { kind: 'liability_cap', value: { type: 'formula', months: fee.value, text: fee.text }, display: fee.text.replace(/\s+/gu, ' '), span: { start: s.start + fee.index, end: s.start + fee.index + fee.text.length } };
    }
    // Fees paid, the contract's value, the greater of two: each pattern ends with the formula it captures.
    const formula = amount ? null : (CAP_FORMULA.exec(sentence) ?? CAP_CONTRACT_VALUE.exec(sentence) ?? CAP_GREATER_OF.exec(sentence));
    if (formula) {
      const text = formula[1]!.replace(/(?<![\s,;:])[\s,;:]+$/u, '');
      const at = formula.index + formula[0].length - formula[1]!.length;
      return { kind: 'liability_cap', value: { type: 'formula', months: null, text }, display: text.replace(/\s+/gu, ' '), span: { start: s.start + at, end: s.start + at + text.length } };
    }
    const foreign = amount ? null : CAP_FORMULA_FR.exec(sentence) ?? CAP_FORMULA_DE.exec(sentence);
    if (foreign) {
      const text = foreign[1]!.replace(/(?<![\s,;:])[\s,;:]+$/u, '');
      const at = foreign.index + foreign[0].indexOf(foreign[1]!);
      const months = FORMULA_MONTHS.exec(text);
      return { kind: 'liability_cap', value: { type: 'formula', months: months ? Number(months[1] ?? months[2]) : null, text }, display: text.replace(/\s+/gu, ' '), span: { start: s.start + at, end: s.start + at + text.length } };
    }
    const redacted = amount ? null : CAP_REDACTED.exec(sentence);
    if (redacted) {
      const at = redacted.index + redacted[0].length - redacted[1]!.length;
      return { kind: 'liability_cap', value: { type: 'redacted', text: redacted[1]! }, display: redacted[1]!, span: { start: s.start + at, end: s.start + at + redacted[1]!.length } };
    }
    if (amount) {
      const display = new Intl.NumberFormat('en-US', amount.value.currency ? { style: 'currency', currency: amount.value.currency, maximumFractionDigits: 0 } : {}).format(amount.value.amount);
      return { kind: 'liability_cap', value: { type: 'money', amount: amount.value.amount, currency: amount.value.currency }, display, span: { start: s.start + amount.index, end: s.start + amount.index + amount.text.length } };
    }
  }
  return null;
}

/** The value context of a passage's or a source's document. */
export function valueContext(document: { readonly effectiveDate?: string | null | undefined; readonly parties?: readonly string[] | null | undefined }): ValueContext {
  return { effectiveDate: document.effectiveDate ?? null, parties: document.parties ?? null };
}

/** The value of `kind` stated in `text`, with its span; null when the text states none. */
export function extractValue(kind: ValueKind, text: string, context: ValueContext = {}): TypedValue | null {
  switch (kind) {
    case 'governing_law':
      return extractGoverningLaw(text);
    case 'renewal_term':
      return extractRenewalTerm(text);
    case 'notice_period':
      return extractNoticePeriod(text);
    case 'termination_notice':
      return extractTerminationNotice(text);
    case 'expiration_date':
      return extractExpiration(text, context);
    case 'effective_date':
      return extractEffectiveDate(text, context);
    case 'liability_cap':
      return extractLiabilityCap(text);
    case 'parties':
      // Who they are comes from the document's identity (ingest/identity); a passage naming them all states it.
      return extractParties(text, context.parties ?? []);
  }
}
