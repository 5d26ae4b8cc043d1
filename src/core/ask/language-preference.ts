/**
 * A question prefers documents in its own language. In a workspace that mixes languages (a
 * French statute beside English contracts), a question that names no document and no language
 * is searched in the documents of the language it is written in: words both languages share
 * ("article", "contrat", "information") no longer pull in the other language's documents, and
 * one statute gets several passages instead of the one slot a workspace-wide search gives each
 * file. When that search does not find sufficient evidence, the whole workspace is searched
 * and the better of the two is kept, so a French question about an English contract still
 * finds it.
 *
 * Applies only when it can change something: the question's language is known (see
 * query-language.ts: short keyword queries are not guessed), fewer searchable documents are in
 * it than in another language (the documents of the workspace's main language already lead a
 * whole-workspace search, where other languages' documents count at half weight; it is the
 * minority's that get drowned by shared words), and the question names no language ("les
 * contrats anglais", "auf Englisch", "in English": the user chose).
 */
import { detectQueryLanguage } from '../search/query-language';
import type { NamedDocument } from '../search-types';
import type { AskFunction, AskResult } from './types';
import type { AskScope } from '../answer-types';

/** Languages whose names a question may use to choose documents itself. */
const NAMED_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] as const;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

let languageNames: readonly string[] | undefined;
/** Folded names of the supported languages, in each of them ("english", "anglais", "englisch", …). */
function names(): readonly string[] {
  if (!languageNames) {
    const out = new Set<string>();
    for (const display of NAMED_LANGUAGES) {
      const of = new Intl.DisplayNames([display], { type: 'language', fallback: 'none' });
      for (const code of NAMED_LANGUAGES) {
        const name = of.of(code);
        if (name && /^\p{L}+$/u.test(name)) out.add(fold(name));
      }
    }
    languageNames = [...out];
  }
  return languageNames;
}

/** True when the question names a language ("in English", "les contrats allemands", "auf Französisch"). */
export function namesLanguage(question: string): boolean {
  const words = fold(question).match(/\p{L}+/gu) ?? [];
  // Inflected forms count: "englischen", "allemands", "anglaises".
  return words.some((w) => names().some((n) => w === n || (w.startsWith(n.slice(0, Math.max(5, n.length - 1))) && w.length <= n.length + 3)));
}

export interface LanguagePreference {
  readonly language: string;
  readonly documentIds: readonly string[];
}

/** The documents a workspace-wide question should search first, or null when its language says nothing. */
export function preferredDocuments(question: string, documents: readonly NamedDocument[]): LanguagePreference | null {
  const counts = new Map<string, number>();
  for (const d of documents) if (d.language) counts.set(d.language, (counts.get(d.language) ?? 0) + 1);
  if (counts.size < 2) return null;
  const language = detectQueryLanguage(question);
  const own = language ? (counts.get(language) ?? 0) : 0;
  if (!language || own === 0 || own >= Math.max(...counts.values()) || namesLanguage(question)) return null;
  return { language, documentIds: documents.filter((d) => d.language === language).map((d) => d.id) };
}

/** A workspace scope narrowed to the question's language, or the scope unchanged. */
export function languageScope(scope: AskScope, question: string, documents: readonly NamedDocument[]): AskScope {
  if (scope.source !== 'workspace') return scope;
  const preferred = preferredDocuments(question, documents);
  return preferred ? { source: 'language', documentIds: preferred.documentIds, matched: [], language: preferred.language } : scope;
}

/**
 * The ask function with the fallback: a search narrowed to the question's language that finds
 * no sufficient evidence is run again over the whole workspace, and the better result is kept.
 */
export function preferringLanguage(askInScope: AskFunction): AskFunction {
  return async (request, deps, options) => {
    const first = await askInScope(request, deps, options);
    if (first.scope.source !== 'language' || first.outcome !== 'insufficient') return first;
    const wide = await askInScope({ ...request, context: { ...request.context, anyLanguage: true } }, deps, options);
    return score(wide) > score(first) ? wide : first;
  };
}

const score = (r: AskResult) => (r.outcome === 'answered' ? 2 : 0) + (r.sufficiency?.score ?? 0);
