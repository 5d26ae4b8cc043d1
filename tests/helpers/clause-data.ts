/**
 * A small generated clause-kind training set (seeded): label items of three CUAD-like tasks and
 * two contracts with QA evidence, enough for the trainer to learn and for its output to be
 * compared run to run. The wording is made up for the tests.
 */
import type { QaFile } from '../../src/core/eval/qa';
import type { LabelItem } from '../../src/core/eval/scan-eval';
import { prng } from '../../src/core/prng';
import type { ChunkRecord } from '../../src/core/types';
import type { TrainDocument } from '../../src/train/dataset';

const KIND_WORDS: Record<string, readonly string[]> = {
  governing_law: ['governed by the laws of', 'construed in accordance with the law of', 'jurisdiction of the courts of'],
  anti_assignment: ['may not assign this agreement', 'without the prior written consent of the other party assign', 'any purported assignment shall be void'],
  insurance: ['shall maintain insurance coverage', 'general liability insurance policy', 'certificate of insurance naming'],
};
const TASKS: Record<string, string> = { governing_law: 'cuad_governing_law', anti_assignment: 'cuad_anti-assignment', insurance: 'cuad_insurance' };
const CATEGORY: Record<string, string> = { governing_law: 'Governing Law', anti_assignment: 'Anti-Assignment', insurance: 'Insurance' };
const FILLER = ['the parties', 'hereunder', 'this agreement', 'in writing', 'the company', 'reasonable', 'notice', 'services', 'each party', 'such'];
const PLACES = ['New York', 'Delaware', 'California', 'Texas', 'England'];

function sentence(kind: string, random: () => number): string {
  const words = KIND_WORDS[kind]!;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  return `${pick(FILLER)} ${pick(words)} ${pick(PLACES)} ${pick(FILLER)} ${pick(words)}.`.replace(/^./, (c) => c.toUpperCase());
}

function boilerplate(random: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  return `${pick(FILLER)} shall provide ${pick(FILLER)} to ${pick(FILLER)} within ${Math.floor(random() * 90)} days.`.replace(/^./, (c) => c.toUpperCase());
}

export interface ClauseData {
  readonly labels: LabelItem[];
  readonly qa: QaFile;
  readonly docs: TrainDocument[];
}

export function clauseData(seed = 7, contracts = 10): ClauseData {
  const random = prng(seed);
  const kinds = Object.keys(KIND_WORDS);
  const labels: LabelItem[] = [];
  for (let c = 0; c < contracts; c++) {
    for (const kind of kinds) {
      for (let i = 0; i < 3; i++) {
        const yes = sentence(kind, random);
        const other = kinds[(kinds.indexOf(kind) + 1 + (i % 2)) % kinds.length]!;
        const no = sentence(other, random);
        const base = { task: TASKS[kind]!, source: 'CUAD', category: kind, document_name: `Contract ${c}.pdf`, split: 'train' };
        labels.push({ ...base, label: 'Yes', text: yes }, { ...base, label: 'No', text: no });
      }
    }
  }
  const docs: TrainDocument[] = [];
  const items: QaFile['items'][number][] = [];
  const qaDocs: QaFile['docs'][number][] = [];
  for (let c = 0; c < contracts; c++) {
    const docId = `contract_${c}`;
    const has = kinds.filter((_, i) => (c + i) % 3 !== 0);
    const texts: { text: string; title: string }[] = [];
    for (let i = 0; i < 6; i++) texts.push({ text: `${boilerplate(random)} ${boilerplate(random)}`, title: 'General' });
    const evidence = new Map<string, string>();
    for (const kind of has) {
      const text = sentence(kind, random);
      evidence.set(kind, text);
      texts.splice(Math.floor(random() * texts.length), 0, { text: `${boilerplate(random)} ${text}`, title: CATEGORY[kind]! });
    }
    const chunks: ChunkRecord[] = texts.map((t, seq) => ({
      id: `${docId}:${seq}`,
      documentId: docId,
      seq,
      pageStart: 1,
      pageEnd: 1,
      charStart: 0,
      charEnd: t.text.length,
      sectionPath: [t.title],
      sectionOrdinal: null,
      sectionTitle: t.title,
      text: t.text,
      sourceText: t.text,
      tokens: 40,
    }));
    docs.push({ fileName: `Contract ${c}.pdf`, docId, chunks });
    qaDocs.push({ doc_id: docId, pdf: `contracts/Contract ${c}.pdf`, split: 'train' });
    for (const kind of kinds) {
      const text = evidence.get(kind);
      items.push({ id: `${docId}-${kind}`, doc_id: docId, question: `What about ${CATEGORY[kind]}?`, cuad_category: CATEGORY[kind]!, answerable: text !== undefined, evidence: text ? [{ text }] : [], split: 'train' });
    }
  }
  return { labels, qa: { docs: qaDocs, items }, docs };
}
