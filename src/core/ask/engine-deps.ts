/**
 * The ask path's deps over a search engine, built one way for every caller — the app's index
 * worker, `npm run ask`, `npm run eval` and `npm run train`'s sufficiency calibration — so that
 * what the app asks with is what the figures and the calibration were measured with. (The trainer
 * once asked without the engine's term statistics: names typed in lower case then resolved less
 * often in training than in the app, and the threshold was fitted on turns the app never takes.)
 */
import { engineTermStats } from '../search/term-stats';
import type { SearchEngine } from '../search/engine';
import type { AskDeps } from './types';

export function engineAskDeps(engine: Pick<SearchEngine, 'queryTerms' | 'idf' | 'searchLexical' | 'stats'>, deps: Omit<AskDeps, 'terms'>): AskDeps {
  return { ...deps, terms: engineTermStats(engine) };
}
