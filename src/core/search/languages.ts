/**
 * Per-language lexical resources: Snowball stemmers and stop-word lists from the Orama
 * packages (maintained ports of the Snowball project). One registry, keyed by ISO 639-1.
 */
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemFr } from '@orama/stemmers/french';
import { stemmer as stemDe } from '@orama/stemmers/german';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import { stemmer as stemIt } from '@orama/stemmers/italian';
import { stemmer as stemNl } from '@orama/stemmers/dutch';
import { stemmer as stemPt } from '@orama/stemmers/portuguese';
import { stopwords as stopEn } from '@orama/stopwords/english';
import { stopwords as stopFr } from '@orama/stopwords/french';
import { stopwords as stopDe } from '@orama/stopwords/german';
import { stopwords as stopEs } from '@orama/stopwords/spanish';
import { stopwords as stopIt } from '@orama/stopwords/italian';
import { stopwords as stopNl } from '@orama/stopwords/dutch';
import { stopwords as stopPt } from '@orama/stopwords/portuguese';

export interface LanguageResources {
  readonly code: string;
  readonly stem: (word: string) => string;
  readonly stopWords: ReadonlySet<string>;
}

function resources(code: string, stem: (w: string) => string, stop: readonly string[]): LanguageResources {
  return { code, stem, stopWords: new Set(stop.map((w) => w.toLowerCase())) };
}

const registry: ReadonlyMap<string, LanguageResources> = new Map(
  [
    resources('en', stemEn, stopEn),
    resources('fr', stemFr, stopFr),
    resources('de', stemDe, stopDe),
    resources('es', stemEs, stopEs),
    resources('it', stemIt, stopIt),
    resources('nl', stemNl, stopNl),
    resources('pt', stemPt, stopPt),
  ].map((r) => [r.code, r]),
);

export const DEFAULT_LANGUAGE = 'en';

/** Languages with a stemmer and stop words; others are indexed unstemmed. */
export const SUPPORTED_LANGUAGES: readonly string[] = [...registry.keys()];

export function languageResources(code: string | null | undefined): LanguageResources | undefined {
  return registry.get(code ?? DEFAULT_LANGUAGE);
}
