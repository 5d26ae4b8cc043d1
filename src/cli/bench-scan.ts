/**
 * Scan speed: a generated contract (sections built from the built-in playbooks' reference clauses
 * and filler sentences) scanned with the commercial playbook by the app's scan function and the
 * app's classifier (the learned clause-kind model; playbook signals for the NDA types), and the
 * NDA playbook (signals only) without and with the tiny fixture embedder. "cold" is the first
 * scan in a fresh process (the model is decoded, re2js builds its DFAs lazily; the embedder
 * embeds the reference examples once); "warm" is a second document afterwards. Also the
 * model's cost per passage (both heads, every window).
 */
import { prng } from '../core/prng';
import type { ClauseClassifier } from '../core/ports';
import { runScan } from '../core/scan/scan';
import type { Embedder } from '../core/ports';
import type { ChunkRecord } from '../core/types';
import { builtinPlaybook } from '../playbooks/builtin';
import { clauseKindModel, playbookClassifier } from '../playbooks/classifiers';
import { fixtureEmbedder } from './bench-models';

const FILLER = ['The parties shall cooperate in good faith to carry out this Agreement.', 'Each party shall bear its own costs unless stated otherwise.', 'Headings are for convenience only and do not affect interpretation.', 'Notices shall be in writing and delivered by hand, courier or email.', 'The Supplier shall perform the Services in a professional manner consistent with industry standards.'];

/** A contract of `pages` pages, four sections a page, each ~1,000–1,800 characters. */
export function benchContract(pages: number, seed: number): ChunkRecord[] {
  const rand = prng(seed);
  const examples = builtinPlaybook('commercial-contracts')!.clauseTypes.flatMap((t) => t.examples.map((e) => ({ title: t.name, text: e })));
  const chunks: ChunkRecord[] = [];
  for (let page = 1; page <= pages; page++) {
    for (let s = 0; s < 4; s++) {
      const seq = chunks.length;
      const main = examples[Math.floor(rand() * examples.length)]!;
      const parts = [main.text, ...Array.from({ length: 8 }, () => FILLER[Math.floor(rand() * FILLER.length)]!)];
      const text = `${seq + 1}. ${main.title}. ${parts.sort(() => rand() - 0.5).join(' ')}`;
      chunks.push({ id: `bench-${seed}:${seq}`, documentId: `bench-${seed}`, seq, pageStart: page, pageEnd: page, charStart: 0, charEnd: text.length, sectionPath: [`${seq + 1} ${main.title}`], sectionOrdinal: String(seq + 1), sectionTitle: main.title, text, sourceText: text, tokens: Math.ceil(text.length / 4) });
    }
  }
  return chunks;
}

async function timeScan(pages: number, seed: number, classifier: ClauseClassifier, playbookId = 'commercial-contracts'): Promise<number> {
  const chunks = benchContract(pages, seed);
  const playbook = builtinPlaybook(playbookId)!;
  const t0 = performance.now();
  await runScan({ document: { id: `bench-${seed}`, name: `bench-${seed}.pdf`, sha256: String(seed).padStart(64, '0'), pages }, chunks, playbook }, { classifier });
  return (performance.now() - t0) / pages;
}

export async function benchScan(pages = 50): Promise<Record<string, number | string>> {
  const playbook = builtinPlaybook('commercial-contracts')!;
  const nda = builtinPlaybook('nda')!;
  const t0 = performance.now();
  const learned = playbookClassifier(playbook.clauseTypes);
  const load = performance.now() - t0;
  const cold = await timeScan(pages, 1, learned);
  const warm = await timeScan(pages, 2, learned);
  const passages = benchContract(20, 9).map((c) => ({ text: c.text, sectionTitle: c.sectionTitle, sectionPath: c.sectionPath }));
  const t1 = performance.now();
  for (const p of passages) clauseKindModel().scorePassage(p);
  const perPassage = (performance.now() - t1) / passages.length;
  const embedder: Embedder = fixtureEmbedder();
  const withEmbedder = playbookClassifier(nda.clauseTypes, { embedder });
  const coldE = await timeScan(pages, 3, withEmbedder, 'nda');
  const warmE = await timeScan(pages, 4, withEmbedder, 'nda');
  return {
    'contract pages (4 sections each)': pages,
    'rules / clause types': `${playbook.rules.length} / ${playbook.clauseTypes.length}`,
    'clause-kind model: decode, ms': load,
    'clause-kind model: ms per passage (~1,400 characters)': perPassage,
    'commercial playbook (model), cold, ms/page': cold,
    'commercial playbook (model), warm, ms/page': warm,
    'NDA playbook (signals), fixture embedder (Node), cold, ms/page': coldE,
    'NDA playbook (signals), fixture embedder (Node), warm, ms/page': warmE,
  };
}
