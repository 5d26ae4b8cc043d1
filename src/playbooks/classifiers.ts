/**
 * The clause classifiers the app runs, built on the learned clause-kind model
 * (`models/clause-kinds.json`, trained by `npm run train`; card: `models/clause-kinds.md`) and the
 * playbooks' clause types. Kept apart from builtin.ts so that the page, which lists playbooks,
 * does not load the model: the scan worker, the index worker and Node do.
 */
import clauseModelFile from '../../models/clause-kinds.json';
import { LearnedClauseClassifier } from '../core/clauses/classifier';
import { ClauseKindModel } from '../core/clauses/model';
import type { ClassifierOptions } from '../core/scan/classify';
import type { ClauseType } from '../core/scan/playbook';
import { builtinClauseTypes } from './builtin';

export const CLAUSE_MODEL_SOURCE = 'models/clause-kinds.json';

let model: ClauseKindModel | null = null;

/** The learned clause-kind model, decoded and validated on first use (one per thread). */
export function clauseKindModel(): ClauseKindModel {
  return (model ??= ClauseKindModel.fromJson(clauseModelFile, CLAUSE_MODEL_SOURCE));
}

/**
 * The classifier for a playbook's clause types: the model for the kinds it knows, the playbook's
 * signals for the others. `model`: another reading of the model's weights (the trainer's and the
 * evaluation's out-of-fold scores, train/out-of-fold.ts); the built-in model by default.
 */
export function playbookClassifier(clauseTypes: readonly ClauseType[], options?: ClassifierOptions, model: ClauseKindModel = clauseKindModel()): LearnedClauseClassifier {
  return new LearnedClauseClassifier(model, clauseTypes, options);
}

/** The classifier over every built-in clause type. */
export function builtinClassifier(options?: ClassifierOptions, model?: ClauseKindModel): LearnedClauseClassifier {
  return playbookClassifier(builtinClauseTypes(), options, model);
}
