/**
 * What Settings → Models shows, computed from the model catalog and profiles (src/models) so
 * the UI depends on the app layer only: the profile choices, the model choices per role, status
 * labels and the default download source.
 */
import type { ModelRole, ModelSpec } from '../../models/catalog';
import { dtypesOf, specsFor } from '../../models/catalog';
import { DEFAULT_SOURCE } from '../../models/hub';
import { PROFILE_IDS, PROFILES, type Profile, type ProfileId } from '../../models/profiles';
import { describeStatus, type ModelStatus } from '../../models/status';

export type { ModelRole } from '../../models/catalog';
export type { PickedFile } from '../../models/import-folder';
export type { ModelPlan, ProfileCause, ProfileId } from '../../models/profiles';
export type { ModelRow } from '../../models/status';

/** The device profiles in display order. */
export const PROFILE_CHOICES: readonly Profile[] = PROFILE_IDS.map((id) => PROFILES[id]);

export function profileOf(id: ProfileId): Profile {
  return PROFILES[id];
}

export interface ModelChoice {
  /** `<catalog key>|<dtype>`, what ModelService.setModel takes apart. */
  readonly value: string;
  readonly label: string;
}

/** Every model and dtype a role can use (catalog and imported models). */
export function modelChoices(role: ModelRole, custom: readonly ModelSpec[]): ModelChoice[] {
  return specsFor(role, custom).flatMap((spec) => dtypesOf(spec).map((d) => ({ value: `${spec.key}|${d}`, label: `${spec.label} · ${d}` })));
}

export function statusLabel(status: ModelStatus): string {
  return describeStatus(status);
}

/** The Hugging Face Hub (the default download source), for placeholders and "Use the Hub". */
export const DEFAULT_MODEL_SOURCE = DEFAULT_SOURCE;
