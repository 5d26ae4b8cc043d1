/**
 * The model screens' English words are the app layer's own (the provider choices, their status
 * labels, the model statuses and the profiles, which src/app and src/models word for logs and
 * code), so the English screen reads as before; French and German say a model's status too.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDER_OPTIONS, statusWords } from '../../../src/app/models/chat-view';
import { PROFILE_CHOICES, statusLabel, type ModelRow } from '../../../src/app/models/model-view';
import { BYTE_UNITS, formatBytes, withDecimal } from '../../../src/ui/settings/byte-units';
import { LANGUAGE_MODEL } from '../../../src/ui/settings/llm-strings';
import { MODELS, modelStatusText, profileChoice } from '../../../src/ui/settings/model-strings';
import type { Capabilities, GpuInfo } from '../../../src/models/capabilities';
import { planModels, type PlanSettings } from '../../../src/models/profiles';

type ModelStatus = ModelRow['status'];
type Progress = Extract<ModelStatus, { kind: 'downloading' }>['progress'];
const progress = (phase: Progress['phase'], percent: number): Progress => ({ modelId: 'm', loaded: 40, total: 100, percent, file: null, phase });
const MODEL_STATUSES: ModelStatus[] = [
  { kind: 'not-downloaded' },
  { kind: 'partial', files: 2, of: 5 },
  { kind: 'downloading', progress: progress('downloading', 40.7) },
  { kind: 'downloading', progress: progress('loading', 100) },
  { kind: 'cached' },
  { kind: 'imported' },
  { kind: 'failed', message: 'network error' },
];

describe('the model screens in English say what the app layer says', () => {
  it('the provider choices, with their descriptions', () => {
    for (const option of PROVIDER_OPTIONS) expect(LANGUAGE_MODEL.en.providers[option.value]).toEqual({ label: option.label, description: option.description });
    expect(Object.keys(LANGUAGE_MODEL.en.providers).sort()).toEqual(PROVIDER_OPTIONS.map((o) => o.value).sort());
  });

  it('a provider status', () => {
    for (const kind of Object.keys(LANGUAGE_MODEL.en.providerStatus) as (keyof typeof LANGUAGE_MODEL.en.providerStatus)[]) {
      expect(LANGUAGE_MODEL.en.providerStatus[kind]).toBe(statusWords({ kind, message: 'x' }).label);
    }
  });

  it('a model status, and the profiles', () => {
    for (const status of MODEL_STATUSES) expect(modelStatusText(MODELS.en, status)).toBe(statusLabel(status));
    for (const profile of PROFILE_CHOICES) expect(MODELS.en.profiles[profile.id]).toBe(profile.description);
  });

  it('a model status in French and German', () => {
    expect(MODEL_STATUSES.map((s) => modelStatusText(MODELS.fr, s))).toEqual(['Non téléchargé', 'Partiellement téléchargé (2 fichiers sur 5)', 'Téléchargement 40 %', 'Vérification du modèle…', 'Téléchargé', 'Importé', 'Échec']);
    expect(modelStatusText(MODELS.de, MODEL_STATUSES[1]!)).toBe('Teilweise heruntergeladen (2 von 5 Dateien)');
    expect(modelStatusText(MODELS.de, MODEL_STATUSES[2]!)).toBe('Wird heruntergeladen: 40 %');
  });

  it('why a profile was chosen: the app layer’s reason in English, the screen’s language otherwise', () => {
    const gpu = (over: Partial<GpuInfo>): GpuInfo => ({ vendor: 'x', architecture: 'y', description: '', isFallbackAdapter: false, shaderF16: true, maxBufferSize: 4 * 2 ** 30, maxStorageBufferBindingSize: 2 * 2 ** 30, ...over });
    const caps = (webgpu: GpuInfo | null, webgpuError: string | null = null): Capabilities => ({ webgpu, webgpuError, crossOriginIsolated: true, cores: 8, memoryGb: 8 });
    const devices = [caps(null), caps(null, 'no navigator.gpu'), caps(gpu({})), caps(gpu({ shaderF16: false })), caps(gpu({ isFallbackAdapter: true })), caps(gpu({ maxBufferSize: 2 ** 29, maxStorageBufferBindingSize: 2 ** 29 }))];
    const settings = (profile: PlanSettings['profile']): PlanSettings => ({ profile, embedder: null, reranker: null, custom: [] });
    for (const device of devices) {
      for (const profile of ['auto', 'cpu'] as const) {
        const plan = planModels(settings(profile), device);
        expect(profileChoice(MODELS.en, plan)).toBe(`Profile ${plan.reason}.`);
        for (const lang of ['fr', 'de'] as const) expect(profileChoice(MODELS[lang], plan)).not.toMatch(/chosen|automatically|settings|software one|too small|no WebGPU|with shader/u);
      }
    }
    expect(profileChoice(MODELS.fr, planModels(settings('auto'), devices[2]!))).toBe('Profil choisi automatiquement : WebGPU avec shader-f16.');
    expect(profileChoice(MODELS.de, planModels(settings('cpu'), devices[0]!))).toBe('Profil in den Einstellungen gewählt (automatische Wahl: cpu, kein WebGPU).');
  });

  it('sizes in each language’s units and decimal mark', () => {
    expect(formatBytes(12_500_000, BYTE_UNITS.en)).toBe('12.5 MB');
    expect(formatBytes(12_500_000, BYTE_UNITS.fr)).toBe('12,5 Mo');
    expect(formatBytes(1_234_000_000, BYTE_UNITS.de)).toBe('1,23 GB');
    expect(withDecimal('10246.1', BYTE_UNITS.fr)).toBe('10246,1');
    expect(withDecimal('6.2', BYTE_UNITS.en)).toBe('6.2');
  });
});

