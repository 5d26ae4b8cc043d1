/**
 * The data model shared by every layer (see DESIGN.md "Data model"). Plain, structured-clone
 * friendly records: they go into IndexedDB and across worker boundaries unchanged.
 */
import type { DocumentIdentity } from './ingest/identity/types';
import type { SerializedError } from './errors';

export type DocStatus = 'queued' | 'parsing' | 'ocr' | 'embedding' | 'ready' | 'degraded' | 'failed';

export type DocSource = 'upload' | 'folder' | 'sample';

export interface DocumentRecord {
  readonly id: string;
  /** Path inside the opened folder, or the file name for uploads. */
  path: string;
  name: string;
  mediaType: string;
  size: number;
  /** Hex sha256 of the file bytes; the same bytes are never indexed twice in a workspace. */
  sha256: string;
  pages: number;
  language: string | null;
  title: string | null;
  aliases: string[];
  /** Party names, long form, as found at ingest. Absent on records written before they were kept. */
  parties?: string[] | undefined;
  /**
   * Title, parties with their short names and roles, brands, kind and effective date, as the
   * document states them (ingest/identity). Absent on records written before it was kept.
   */
  identity?: DocumentIdentity | undefined;
  status: DocStatus;
  /** Human-readable error naming the file and the problem (status 'failed' or 'degraded'). */
  error: string | null;
  errorInfo: SerializedError | null;
  source: DocSource;
  /** True when the document is searchable by keywords only (no embedder was available). */
  lexicalOnly: boolean;
  /** Mean OCR confidence 0..100 of the pages where OCR found words (null when none). */
  ocrConfidence: number | null;
  /** Pages whose OCR confidence is low (why the document is 'degraded'); absent when none. */
  ocrLowPages?: number[] | undefined;
  /** Pages whose text came from text recognition (OCR) and had words; absent when none (and on records written before it was kept). */
  ocrPages?: number | undefined;
  chunkCount: number;
  /** File modification time when known (folder sync). */
  mtime: number | null;
  addedAt: number;
  updatedAt: number;
}

/** The text of one page as extracted (after cleaning); the source viewer shows it. */
export interface PageRecord {
  readonly documentId: string;
  /** 1-based page number. */
  readonly page: number;
  readonly text: string;
  readonly ocr: boolean;
  readonly confidence: number | null;
  /**
   * Where OCR read each word on the page picture (pages read by OCR, imported since the viewer
   * shows originals): the viewer draws a passage's highlight over these boxes.
   */
  readonly layout?: PageLayout;
}

/** A word as OCR read it, with its box in the pixels of the picture it was read from. */
export interface OcrWord {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Line number on the page (words of one line share it). */
  readonly line: number;
}

/** A heading the source format marks (not detected from the text): its level and its line's text. */
export interface MarkedHeading {
  /** 1–6 (h1–h6, Word's Heading 1–6). */
  readonly level: number;
  /** The heading line as written in the page text (whitespace collapsed). */
  readonly text: string;
}

/** The words of a page picture and the picture's size (their boxes are in its pixels). */
export interface PageLayout {
  readonly width: number;
  readonly height: number;
  readonly words: readonly OcrWord[];
}

/**
 * A retrievable unit. Offsets point into the page texts: the chunk covers
 * pages[pageStart].text[charStart..] through pages[pageEnd].text[..charEnd].
 */
export interface ChunkRecord {
  /** `${documentId}:${seq}` */
  readonly id: string;
  readonly documentId: string;
  /** 0-based order of the chunk in its document (neighbour expansion uses it). */
  readonly seq: number;
  readonly pageStart: number;
  readonly pageEnd: number;
  /** Offset into the text of pageStart where the chunk begins. */
  readonly charStart: number;
  /** Offset into the text of pageEnd where the chunk ends (exclusive). */
  readonly charEnd: number;
  /** Headings from the outermost in, e.g. ["12 Limitation of Liability", "12.2"]. */
  readonly sectionPath: readonly string[];
  /** The top-level number of the section ("12", "IV", "A"), used by "section 12" scopes. */
  readonly sectionOrdinal: string | null;
  /**
   * The innermost section title in sectionPath ("Limitation of Liability"), null when none.
   * Always set by the chunker; optional only so rows and fixtures written before it type-check.
   */
  readonly sectionTitle: string | null;
  /** The text that is indexed and embedded (the chunk span, whitespace normalised). */
  readonly text: string;
  /** The whole source paragraph(s) the chunk comes from, shown to users. */
  readonly sourceText: string;
  /** Estimated model tokens in `text`. */
  readonly tokens: number;
}

/** A search result: a chunk plus where it came from and how it scored. */
export interface SearchHit {
  readonly chunkId: string;
  readonly documentId: string;
  readonly score: number;
  /** Query terms that matched (for highlighting). */
  readonly terms: readonly string[];
  readonly foundBy: readonly ('lexical' | 'dense')[];
}

export interface WorkspaceRecord {
  readonly id: string;
  name: string;
  createdAt: number;
  openedAt: number;
}
