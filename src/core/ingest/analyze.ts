/**
 * The text stage of ingestion, on a whole document: clean the page texts (running headers and
 * footers, page numbers, hyphenation), detect the language, extract title/aliases/parties, and
 * chunk along the legal structure. Pure and synchronous; the app runs it in the parse worker
 * (it loads the language model and can take ~100 ms on a long document), Node runs it in-process.
 * The metadata step reads a bounded view of the text (`metadataPages`); the app's parse worker
 * proxy also puts the whole step under a deadline (src/app/workers/parser-proxy.ts).
 */
import type { JobOptions } from '../ports';
import { chunkPages, type ChunkDraft, type ChunkerOptions, type PageText } from './chunker';
import { cleanPages, type CleanReport } from './clean';
import { detectLanguage } from '../text/language';
import type { DocumentIdentity } from './identity';
import { extractMetadata } from './metadata';

export interface AnalyzeMeta {
  readonly fileName: string;
  /** The title the file's own metadata gives (PDF info, DOCX core properties, HTML <title>). */
  readonly declaredTitle: string | null;
}

export interface AnalyzeOptions {
  readonly chunker?: ChunkerOptions | undefined;
  /** Skip header/footer removal (e.g. for plain text that has none). */
  readonly clean?: boolean | undefined;
}

export interface AnalyzedDocument {
  /** Cleaned page texts: chunk offsets point into these, and the viewer shows them. */
  readonly pages: PageText[];
  readonly chunks: ChunkDraft[];
  readonly language: string | null;
  readonly languageConfidence: number;
  readonly title: string | null;
  readonly aliases: string[];
  readonly parties: string[];
  readonly definedTerms: string[];
  readonly identity: DocumentIdentity;
  readonly cleaning: CleanReport;
}

/** Text metadata reads at most (it looks for a title and parties near the start). */
export const METADATA_MAX_CHARS = 1_000_000;
/** Longest line metadata reads whole: no title or party line is longer, and a 50 MB token line would cost minutes. */
export const METADATA_MAX_LINE = 20_000;

/**
 * What the metadata step reads: the pages up to its first METADATA_MAX_CHARS characters, lines
 * longer than METADATA_MAX_LINE cut there. Bounds that step's time and memory on any input
 * (a megabyte-long token, a page of punctuation) whatever the extraction does with it.
 */
export function metadataPages(pages: readonly PageText[]): PageText[] {
  const out: PageText[] = [];
  let left = METADATA_MAX_CHARS;
  for (const p of pages) {
    if (left <= 0) break;
    const head = p.text.length > left ? p.text.slice(0, left) : p.text;
    left -= head.length + 1;
    let text = head;
    if (head.length > METADATA_MAX_LINE) {
      const lines = head.split('\n');
      if (lines.some((l) => l.length > METADATA_MAX_LINE)) text = lines.map((l) => (l.length > METADATA_MAX_LINE ? l.slice(0, METADATA_MAX_LINE) : l)).join('\n');
    }
    out.push({ ...p, text });
  }
  return out;
}

export function analyzeDocument(pages: readonly PageText[], meta: AnalyzeMeta, options: AnalyzeOptions = {}): AnalyzedDocument {
  const cleaned = options.clean === false ? { pages: pages.map((p) => ({ ...p })), report: emptyReport() } : cleanPages(pages);
  const text = cleaned.pages.map((p) => p.text).join('\n\n');
  const language = detectLanguage(text);
  const metadata = extractMetadata(metadataPages(cleaned.pages), { fileName: meta.fileName, pdfTitle: meta.declaredTitle, runningHeads: cleaned.report.headerFooterPatterns });
  return {
    pages: cleaned.pages,
    chunks: chunkPages(cleaned.pages, options.chunker),
    language: language.code,
    languageConfidence: language.confidence,
    title: metadata.title,
    aliases: metadata.aliases,
    parties: metadata.parties,
    definedTerms: metadata.definedTerms,
    identity: metadata.identity,
    cleaning: cleaned.report,
  };
}

function emptyReport(): CleanReport {
  return { removedLines: 0, headerFooterPatterns: [], pageNumberLines: 0, joinedHyphens: 0 };
}

/** The port the ingest pipeline uses; the parse worker implements it for the app. */
export interface DocumentAnalyzer {
  analyze(pages: readonly PageText[], meta: AnalyzeMeta, options?: AnalyzeOptions & JobOptions): Promise<AnalyzedDocument>;
}

export const inProcessAnalyzer: DocumentAnalyzer = {
  analyze: async (pages, meta, options) => analyzeDocument(pages, meta, options),
};
