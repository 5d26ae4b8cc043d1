/**
 * Deterministic fast paths, before any model call or retrieval (the Lawyer Assistant's greeting
 * bypass): a greeting or thanks, empty input, and "what can you do" / "which model is this" in
 * the UI languages. Only a whole message matches: "hi, what is the governing law?" is a question.
 *
 * These are the one place with phrase lists: a greeting has no content for a model or an index
 * to work on, and answering it must not wait for either.
 */
import type { FastPath } from '../answer-types';
import type { UiLanguage } from './messages';

export interface Routed {
  readonly fastPath: FastPath;
  /** The language the message was written in, when the phrase tells. */
  readonly language: UiLanguage | null;
}

type Phrases = Readonly<Record<UiLanguage, readonly string[]>>;

const GREETINGS: Phrases = {
  en: ['hi', 'hello', 'hey', 'hiya', 'howdy', 'yo', 'greetings', 'good morning', 'good afternoon', 'good evening', 'good day', 'hi there', 'hello there', 'hey there'],
  fr: ['bonjour', 'bonsoir', 'salut', 'coucou', 'bonjour à tous'],
  de: ['hallo', 'guten morgen', 'guten tag', 'guten abend', 'servus', 'moin', 'grüß gott', 'grüss gott', 'grüezi'],
  es: ['hola', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas noches', 'buenas'],
  it: ['ciao', 'buongiorno', 'buon giorno', 'buonasera', 'buona sera', 'salve'],
  nl: ['hallo', 'hoi', 'goedemorgen', 'goedemiddag', 'goedenavond', 'dag', 'goedendag'],
  pt: ['olá', 'ola', 'oi', 'bom dia', 'boa tarde', 'boa noite'],
};

const THANKS: Phrases = {
  en: ['thanks', 'thank you', 'thx', 'ty', 'cheers', 'many thanks', 'thanks a lot', 'thank you very much', 'thanks so much', 'great thanks', 'ok thanks', 'perfect thanks'],
  fr: ['merci', 'merci beaucoup', 'merci bien', 'je vous remercie', 'parfait merci'],
  de: ['danke', 'danke schön', 'dankeschön', 'vielen dank', 'danke sehr', 'herzlichen dank'],
  es: ['gracias', 'muchas gracias', 'mil gracias'],
  it: ['grazie', 'grazie mille', 'molte grazie'],
  nl: ['dank je', 'dank u', 'bedankt', 'dankjewel', 'dank je wel', 'dank u wel', 'hartelijk dank'],
  pt: ['obrigado', 'obrigada', 'muito obrigado', 'muito obrigada'],
};

/** "What can you do", "who are you", "which model is answering" — anchored patterns per language. */
const CAPABILITY: Readonly<Record<UiLanguage, readonly RegExp[]>> = {
  en: [
    /^(?:so |and |ok(?:ay)? )?(?:what|which things) (?:can|could) (?:you|casefile) do(?: for me)?$/,
    /^(?:what|who) are you$/,
    /^(?:what is|what's) casefile$/,
    /^how (?:can|could|do) you help(?: me)?$/,
    /^help$/,
    /^(?:what|which) (?:language )?model (?:are you|is (?:this|answering|used|running)|do you use|answers)$/,
  ],
  fr: [
    /^(?:qu'est-ce que|qu’est-ce que) (?:tu peux|vous pouvez|tu sais|vous savez) faire$/,
    /^que (?:peux-tu|pouvez-vous|sais-tu|savez-vous) faire$/,
    /^qui (?:es-tu|êtes-vous)$/,
    /^aide$/,
    /^quel (?:est le )?modèle(?: de langue)? (?:es-tu|êtes-vous|utilises-tu|utilisez-vous|répond)$/,
  ],
  de: [/^was (?:kannst du|können sie)(?: alles)?(?: tun| machen)?$/, /^wer bist du$/, /^wer sind sie$/, /^hilfe$/, /^welches (?:sprach)?modell (?:bist du|sind sie|antwortet|wird verwendet|verwendest du)$/],
  es: [/^(?:qué|que) (?:puedes|puede) hacer$/, /^(?:quién|quien) eres$/, /^ayuda$/, /^(?:qué|que|cuál|cual) (?:es el )?modelo (?:eres|usas|responde)$/],
  it: [/^(?:cosa|che cosa) (?:sai|puoi) fare$/, /^chi sei$/, /^aiuto$/, /^(?:quale|che) modello (?:sei|usi|risponde)$/],
  nl: [/^wat (?:kun|kan) (?:je|jij|u) (?:doen)?$/, /^wie ben (?:je|jij)$/, /^help$/, /^welk (?:taal)?model (?:ben je|gebruik je|antwoordt)$/],
  pt: [/^o que (?:você pode|voce pode|podes|consegue) fazer$/, /^quem (?:é você|e voce|és tu)$/, /^ajuda$/, /^(?:qual|que) modelo (?:é você|usas|você usa|responde)$/],
};

/** Lower case, no surrounding punctuation or emoji, single spaces, the assistant's name dropped. */
function normalizeMessage(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:casefile )|(?: casefile)$/g, '')
    .trim();
}

function findPhrase(table: Phrases, message: string, prefer: string | null): UiLanguage | null {
  const hits = (Object.keys(table) as UiLanguage[]).filter((lang) => table[lang].includes(message));
  if (hits.length === 0) return null;
  return hits.find((l) => l === prefer) ?? hits[0]!;
}

/**
 * The fast path a message takes, or null for a real question. `locale` (the UI language)
 * settles a phrase several languages share ("hallo").
 */
export function routeFastPath(question: string, locale: string | null = null): Routed | null {
  const message = normalizeMessage(question);
  if (message.replace(/['\s-]/g, '') === '') return { fastPath: 'empty', language: null };
  const greeting = findPhrase(GREETINGS, message, locale);
  if (greeting) return { fastPath: 'greeting', language: greeting };
  const thanks = findPhrase(THANKS, message, locale);
  if (thanks) return { fastPath: 'thanks', language: thanks };
  const capable = (Object.keys(CAPABILITY) as UiLanguage[]).filter((lang) => CAPABILITY[lang].some((re) => re.test(message)));
  if (capable.length > 0) return { fastPath: 'capability', language: capable.find((l) => l === locale) ?? capable[0]! };
  return null;
}
