/**
 * The classifier of the ask path, built the same way wherever ask() runs (the app's index worker,
 * `npm run eval`'s app scope, `npm run ask`, flows, the trainer's sufficiency calibration): every
 * built-in clause type, graded scores (ASK_CLASSIFIER_OPTIONS), questions read in their language
 * (the playbooks' keywords in French or German for a question in French or German). No embedder:
 * comparing every candidate passage with the clause types' reference examples would embed them all
 * again on each question. Apart from classifiers.ts so that the scan worker, which reads no
 * question, does not carry the language detector.
 */
import { ASK_CLASSIFIER_OPTIONS } from '../core/ask/sufficiency';
import type { LearnedClauseClassifier } from '../core/clauses/classifier';
import type { ClauseKindModel } from '../core/clauses/model';
import type { ClassifierOptions } from '../core/scan/classify';
import { detectQueryLanguage } from '../core/search/query-language';
import { builtinClassifier } from './classifiers';

export const ASK_PATH_CLASSIFIER_OPTIONS: ClassifierOptions = { ...ASK_CLASSIFIER_OPTIONS, questionLanguage: detectQueryLanguage };

/** `model`: the built-in model by default; the trainer and `npm run eval -- --oof` pass its out-of-fold reading. */
export function askClassifier(model?: ClauseKindModel): LearnedClauseClassifier {
  return builtinClassifier(ASK_PATH_CLASSIFIER_OPTIONS, model);
}
