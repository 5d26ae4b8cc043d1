/**
 * How fast this device imports, learnt from the imports it ran: the rates an import's time
 * estimate is made of, measured from the ingest events of each file. For the file being read,
 * whose pages are known, by its pages:
 *
 *   start       from a file's start to its first page: reading and hashing the bytes, the parse
 *               worker's start, the file's structure (per file)
 *   textPage    one page with a text layer: its text read (per page)
 *   ocrPage     one page without one: rendered and read by OCR (per page)
 *   afterPage   from the last page to the file's end — cleaning, language, chunking, embedding,
 *               storing, indexing — divided by the file's pages (per page)
 *
 * and for files not read yet, whose pages are not known, by their size: per kind of file (pdf,
 * docx, html, text, image) and over all kinds, the time after the start per byte, as a ratio
 * of sums over the files read (weighted by bytes). A scan's pages are heavy and slow, a text
 * PDF's light and fast: by bytes, a folder that mixes them like the files read so far is
 * estimated right as a whole, where a mean per page would charge every page a share of OCR.
 *
 * Rates are decayed means (recent files count more; a machine that got busier shows in a few
 * files) kept as decayed sums, so the record is small and plain and the app persists it for the
 * device. A rate with no sample is unknown: estimates that need it are not given.
 */

/** A decayed mean: Σ decayed values over Σ decayed weights. */
interface DecayedMean {
  readonly sum: number;
  readonly weight: number;
  readonly samples: number;
}

export interface ImportRatesRecord {
  readonly version: 1;
  readonly start: DecayedMean;
  readonly textPage: DecayedMean;
  readonly ocrPage: DecayedMean;
  readonly afterPage: DecayedMean;
  /** Per kind, and over all kinds ('*'): ms after the start per byte (sum = ms, weight = bytes). */
  readonly perByte: Readonly<Record<string, DecayedMean>>;
}

export type FileKind = 'pdf' | 'docx' | 'html' | 'text' | 'image' | 'other';

/** The kind of a file, from its media type and name (what the estimate per byte depends on). */
export function fileKind(mediaType: string, name: string): FileKind {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (mediaType === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (mediaType.includes('wordprocessingml') || ext === 'docx') return 'docx';
  if (mediaType.startsWith('image/') || ['png', 'jpg', 'jpeg', 'tif', 'tiff'].includes(ext)) return 'image';
  if (mediaType.includes('html') || ext === 'html' || ext === 'htm') return 'html';
  if (mediaType.startsWith('text/') || ['txt', 'text', 'md', 'markdown'].includes(ext)) return 'text';
  return 'other';
}

const EMPTY: DecayedMean = { sum: 0, weight: 0, samples: 0 };

/** How much the past keeps at each new observation of a page rate (0.7: the last few pages dominate). */
const DECAY = 0.7;
/** The same for the per-byte rates, one observation a file (0.9: about the last twenty files). */
const FILE_DECAY = 0.9;

function add(m: DecayedMean | undefined, value: number, weight = 1, decay = DECAY): DecayedMean {
  const prev = m ?? EMPTY;
  return { sum: prev.sum * decay + value * weight, weight: prev.weight * decay + weight, samples: prev.samples + 1 };
}

const mean = (m: DecayedMean | undefined): number | null => (m && m.samples > 0 && m.weight > 0 ? m.sum / m.weight : null);

/** What one finished file showed (from its events). */
export interface FileObservation {
  readonly kind: FileKind;
  readonly bytes: number;
  /** ms from the file's start to its first page event. */
  readonly startMs: number;
  /** Duration of each text page and each OCR page, ms. */
  readonly textPageMs: readonly number[];
  readonly ocrPageMs: readonly number[];
  /** ms from the last page event to the file's end. */
  readonly afterMs: number;
  /** ms from the file's start to its end. */
  readonly totalMs: number;
  readonly pages: number;
}

export class ImportRates {
  #r: ImportRatesRecord;

  constructor(record: ImportRatesRecord | null = null) {
    this.#r = validRates(record) ?? { version: 1, start: EMPTY, textPage: EMPTY, ocrPage: EMPTY, afterPage: EMPTY, perByte: {} };
  }

  /** Takes a record read back from storage (this device's earlier imports). */
  replace(record: ImportRatesRecord): void {
    this.#r = validRates(record) ?? this.#r;
  }

  get start(): number | null {
    return mean(this.#r.start);
  }
  get textPage(): number | null {
    return mean(this.#r.textPage);
  }
  get ocrPage(): number | null {
    return mean(this.#r.ocrPage);
  }
  get afterPage(): number | null {
    return mean(this.#r.afterPage);
  }
  /** ms per byte after the start for this kind (null: none read), or over all kinds with '*'. */
  perByte(kind: FileKind | '*'): number | null {
    return mean(this.#r.perByte[kind]);
  }
  /** Files of this kind read (into the rate). */
  files(kind: FileKind | '*'): number {
    return this.#r.perByte[kind]?.samples ?? 0;
  }

  /** A page measured while its file is still being read (the estimate follows it at once). */
  observePage(ocr: boolean, ms: number): void {
    if (!(ms >= 0)) return;
    this.#r = ocr ? { ...this.#r, ocrPage: add(this.#r.ocrPage, ms) } : { ...this.#r, textPage: add(this.#r.textPage, ms) };
  }

  /** The file's start (its pages were already observed one by one). */
  observeStart(ms: number): void {
    if (ms >= 0) this.#r = { ...this.#r, start: add(this.#r.start, ms) };
  }

  /** A finished file: the time after its pages, and its time per byte after its start. */
  observeFinished(file: Pick<FileObservation, 'kind' | 'bytes' | 'pages' | 'afterMs' | 'totalMs' | 'startMs'>): void {
    if (file.pages <= 0) return;
    const r = this.#r;
    const body = file.totalMs - file.startMs;
    const perByte = file.bytes > 0 && body >= 0 ? body / file.bytes : null;
    this.#r = {
      ...r,
      afterPage: file.afterMs >= 0 ? add(r.afterPage, file.afterMs / file.pages, file.pages) : r.afterPage,
      perByte:
        perByte === null
          ? r.perByte
          : { ...r.perByte, [file.kind]: add(r.perByte[file.kind], perByte, file.bytes, FILE_DECAY), '*': add(r.perByte['*'], perByte, file.bytes, FILE_DECAY) },
    };
  }

  toRecord(): ImportRatesRecord {
    return this.#r;
  }
}

function validMean(raw: unknown): DecayedMean | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Partial<DecayedMean>;
  const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  return ok(m.sum) && ok(m.weight) && ok(m.samples) ? { sum: m.sum, weight: m.weight, samples: m.samples } : null;
}

function validMap(raw: unknown): Record<string, DecayedMean> {
  const out: Record<string, DecayedMean> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const m = validMean(v);
    if (m) out[k] = m;
  }
  return out;
}

/** A persisted record as written by toRecord(), or null for anything else (data read back from storage). */
export function validRates(raw: unknown): ImportRatesRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (r['version'] !== 1) return null;
  const start = validMean(r['start']) ?? EMPTY;
  return {
    version: 1,
    start,
    textPage: validMean(r['textPage']) ?? EMPTY,
    ocrPage: validMean(r['ocrPage']) ?? EMPTY,
    afterPage: validMean(r['afterPage']) ?? EMPTY,
    perByte: validMap(r['perByte']),
  };
}
