/**
 * Per-workspace settings (the retrieval pipeline's knobs, how answers treat evidence), kept in
 * the workspace database and validated on read: a missing or malformed value falls back to the
 * default, field by field.
 */
import type { Regime } from '../core/answer-types';
import { isOcrLanguage, type OcrLanguage } from '../core/ingest/ocr-language';
import { FUSION_STRATEGIES } from '../core/search/fusion';
import type { FusionStrategy, PipelineSettings, RetrievalMode } from '../core/search-types';
import { DEFAULT_PIPELINE, RETRIEVAL_MODES } from '../core/search/pipeline';
import type { WorkspaceDb } from './db';

const KEY = 'settings/pipeline';
const ANSWER_KEY = 'settings/answer';
const OCR_KEY = 'settings/ocr';

/** How scans are read in this workspace. */
export interface OcrSettings {
  /** The language of scanned pages: 'auto' tells English, French and German apart. */
  readonly language: OcrLanguage;
}

const DEFAULT_OCR_SETTINGS: OcrSettings = { language: 'auto' };

function sanitizeOcr(raw: unknown): OcrSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { language: isOcrLanguage(r['language']) ? r['language'] : DEFAULT_OCR_SETTINGS.language };
}

/** How answers are written in this workspace. */
export interface AnswerSettings {
  /** Evidence regime: auto (the plan decides), grounded (documents only), creative. */
  readonly regime: Regime;
}

export const DEFAULT_ANSWER_SETTINGS: AnswerSettings = { regime: 'auto' };
const REGIMES: readonly Regime[] = ['auto', 'grounded', 'creative'];

function sanitizeAnswer(raw: unknown): AnswerSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { regime: REGIMES.includes(r['regime'] as Regime) ? (r['regime'] as Regime) : DEFAULT_ANSWER_SETTINGS.regime };
}

function num(v: unknown, fallback: number, min: number, max: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

/** A valid PipelineSettings from anything (user input, an old stored version). */
function sanitizePipeline(raw: unknown): PipelineSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const f = (r['fusion'] && typeof r['fusion'] === 'object' ? r['fusion'] : {}) as Record<string, unknown>;
  const sel = (r['selection'] && typeof r['selection'] === 'object' ? r['selection'] : {}) as Record<string, unknown>;
  const d = DEFAULT_PIPELINE;
  return {
    mode: RETRIEVAL_MODES.includes(r['mode'] as RetrievalMode) ? (r['mode'] as RetrievalMode) : d.mode,
    lexicalTopK: num(r['lexicalTopK'], d.lexicalTopK, 0, 500),
    denseTopK: num(r['denseTopK'], d.denseTopK, 0, 500),
    fusion: {
      strategy: FUSION_STRATEGIES.includes(f['strategy'] as FusionStrategy) ? (f['strategy'] as FusionStrategy) : d.fusion.strategy,
      rrfK: num(f['rrfK'], d.fusion.rrfK, 1, 1000),
      denseWeight: num(f['denseWeight'], d.fusion.denseWeight, 0, 1),
      lexicalWeight: num(f['lexicalWeight'], d.fusion.lexicalWeight, 0, 1),
      boost: num(f['boost'], d.fusion.boost, 0, 10),
    },
    phraseBoost: num(r['phraseBoost'], d.phraseBoost, 0, 10),
    rerank: typeof r['rerank'] === 'boolean' ? r['rerank'] : d.rerank,
    rerankTopN: num(r['rerankTopN'], d.rerankTopN, 1, 200),
    minRerankScore: num(r['minRerankScore'], d.minRerankScore, -100, 100),
    selection: {
      topK: num(sel['topK'], d.selection.topK, 1, 50),
      perFile: num(sel['perFile'], d.selection.perFile, 0, 50),
      minScore: num(sel['minScore'], d.selection.minScore, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY),
    },
    neighbours: num(r['neighbours'], d.neighbours, 0, 5),
    // Knobs added after this validator was written: the stored value when it has the default's type.
    ...Object.fromEntries(
      Object.entries(d)
        .filter(([k]) => !(k in baseKeys))
        .map(([k, v]) => [k, typeof r[k] === typeof v && (typeof v !== 'object' || (r[k] !== null && !Array.isArray(r[k]) === !Array.isArray(v))) ? r[k] : v]),
    ),
  } as PipelineSettings;
}

const baseKeys: Record<string, true> = {
  mode: true, lexicalTopK: true, denseTopK: true, fusion: true, phraseBoost: true, rerank: true, rerankTopN: true, minRerankScore: true, selection: true, neighbours: true,
};

export class WorkspaceSettings {
  /** The OCR language last read or written (imports read it synchronously, per file). */
  ocrLanguage: OcrLanguage = DEFAULT_OCR_SETTINGS.language;

  constructor(private readonly db: WorkspaceDb) {}

  async ocr(): Promise<OcrSettings> {
    const settings = sanitizeOcr((await this.db.meta.get(OCR_KEY))?.value);
    this.ocrLanguage = settings.language;
    return settings;
  }

  async setOcr(settings: OcrSettings): Promise<OcrSettings> {
    const clean = sanitizeOcr(settings);
    await this.db.meta.put({ key: OCR_KEY, value: clean });
    this.ocrLanguage = clean.language;
    return clean;
  }

  async pipeline(): Promise<PipelineSettings> {
    return sanitizePipeline((await this.db.meta.get(KEY))?.value);
  }

  async setPipeline(settings: PipelineSettings): Promise<PipelineSettings> {
    const clean = sanitizePipeline(settings);
    await this.db.meta.put({ key: KEY, value: clean });
    return clean;
  }

  async answer(): Promise<AnswerSettings> {
    return sanitizeAnswer((await this.db.meta.get(ANSWER_KEY))?.value);
  }

  async setAnswer(settings: AnswerSettings): Promise<AnswerSettings> {
    const clean = sanitizeAnswer(settings);
    await this.db.meta.put({ key: ANSWER_KEY, value: clean });
    return clean;
  }
}
