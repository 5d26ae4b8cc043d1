/**
 * The text stage of ingestion, on a whole document: clean the page texts (running headers and
 * footers, page numbers, hyphenation), detect the language, extract title/aliases/parties, and
 * chunk along the legal structure. Pure and synchronous; the app runs it in the parse worker
 * (it loads the language model and can take ~100 ms on a long document), Node runs it in-process.
 */
import type { JobOptions } from '../ports';
import { chunkPages, type ChunkDraft, type ChunkerOptions, type PageText } from './chunker';
import { cleanPages, type CleanReport } from './clean';
import { detectLanguage } from './language';
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

export function analyzeDocument(pages: readonly PageText[], meta: AnalyzeMeta, options: AnalyzeOptions = {}): AnalyzedDocument {
  const cleaned = options.clean === false ? { pages: pages.map((p) => ({ ...p })), report: emptyReport() } : cleanPages(pages);
  const text = cleaned.pages.map((p) => p.text).join('\n\n');
  const language = detectLanguage(text);
  const metadata = extractMetadata(cleaned.pages, { fileName: meta.fileName, pdfTitle: meta.declaredTitle });
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
