/**
 * The QA file format of the evaluation sets (see ../shared/corpus/README.md): documents with
 * their PDF/TXT paths, and questions with evidence spans (text + PDF pages). Validated on load
 * so a malformed file fails with the item and field at fault.
 */
import { InputError } from '../errors';
import { isObject } from '../json-object';

export interface QaDocument {
  readonly doc_id: string;
  readonly pdf?: string;
  readonly txt?: string;
  readonly pages?: number;
  readonly document_name?: string;
  readonly parties?: string;
  /** corpus-large: "train" or "validation" (split by contract). */
  readonly split?: string;
}

interface QaEvidence {
  readonly text: string;
  readonly pdf_page_start?: number;
  readonly pdf_page_end?: number;
}

export interface QaItem {
  readonly id: string;
  readonly doc_id: string;
  readonly question: string;
  readonly question_with_doc?: string;
  /** The question naming its document the way a person would ("the Acme reseller deal"). */
  readonly question_natural?: string;
  /** CUAD's own wording ("Highlight the parts (if any) of this contract related to … Details: …"). */
  readonly cuad_question?: string;
  /** corpus-large: the split of the item's document. */
  readonly split?: string;
  readonly cuad_category?: string;
  /** CUAD's normalised answer where it gives one ("Texas", "successive 1 year", "60 days", "9/23/21", "Yes"). */
  readonly cuad_answer?: string | null;
  readonly playbook?: string | null;
  readonly answerable: boolean;
  readonly evidence: readonly QaEvidence[];
}

export interface QaFile {
  readonly docs: readonly QaDocument[];
  readonly items: readonly QaItem[];
}

function fail(where: string, what: string): never {
  throw new InputError(`QA file: ${where}: ${what}`);
}

function str(o: Record<string, unknown>, key: string, where: string, optional = false): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return optional ? undefined : fail(where, `missing "${key}"`);
  if (typeof v !== 'string') fail(where, `"${key}" must be a string`);
  return v;
}

export function parseQaFile(json: unknown): QaFile {
  if (!json || typeof json !== 'object') fail('root', 'not a JSON object');
  const root = json as Record<string, unknown>;
  if (!Array.isArray(root['docs'])) fail('root', 'missing "docs" array');
  if (!Array.isArray(root['items'])) fail('root', 'missing "items" array');
  const docs: QaDocument[] = (root['docs'] as unknown[]).map((d, i) => {
    const where = `docs[${i}]`;
    if (!d || typeof d !== 'object') fail(where, 'not an object');
    const o = d as Record<string, unknown>;
    const doc = { ...o, doc_id: str(o, 'doc_id', where)! } as QaDocument;
    if (!doc.pdf && !doc.txt) fail(where, 'needs "pdf" or "txt"');
    return doc;
  });
  const known = new Set(docs.map((d) => d.doc_id));
  const items: QaItem[] = (root['items'] as unknown[]).map((it, i) => {
    const where = `items[${i}]`;
    if (!it || typeof it !== 'object') fail(where, 'not an object');
    const o = it as Record<string, unknown>;
    const docId = str(o, 'doc_id', where)!;
    if (!known.has(docId)) fail(where, `doc_id "${docId}" is not in "docs"`);
    if (typeof o['answerable'] !== 'boolean') fail(where, '"answerable" must be true or false');
    const evidence = o['evidence'] ?? [];
    if (!Array.isArray(evidence)) fail(where, '"evidence" must be an array');
    return {
      ...o,
      id: str(o, 'id', where)!,
      doc_id: docId,
      question: str(o, 'question', where)!,
      answerable: o['answerable'],
      evidence: (evidence as unknown[]).map((e, j) => {
        if (!e || typeof e !== 'object') fail(`${where}.evidence[${j}]`, 'not an object');
        const eo = e as Record<string, unknown>;
        return { ...eo, text: str(eo, 'text', `${where}.evidence[${j}]`)! };
      }),
    };
  });
  return { docs, items };
}

/** Which wording of an item is asked: the templated one naming the document, a natural one, or the bare question. */
export type QuestionField = 'with_doc' | 'natural' | 'plain' | 'cuad';
export const QUESTION_FIELDS: readonly QuestionField[] = ['with_doc', 'natural', 'plain', 'cuad'];

/**
 * The text asked for an item: `with_doc` and `natural` name the document (falling back to the
 * plain question when the item has no such wording), `plain` and `cuad` (CUAD's own wording) do not.
 */
export function questionText(item: QaItem, field: QuestionField): string {
  if (field === 'cuad') return item.cuad_question ?? item.question;
  if (field === 'natural') return item.question_natural ?? item.question_with_doc ?? item.question;
  if (field === 'with_doc') return item.question_with_doc ?? item.question;
  return item.question;
}

/**
 * The QA file's items asked in other words: `rewordings` (a JSON file of `{"rewordings": [{"id",
 * "question"}]}`, e.g. questions written by hand about the same documents) keeps only the items it
 * lists, each asking its text as the wording `field`; an id the QA file lacks is an error naming it.
 */
export function withRewordings(qa: QaFile, rewordings: unknown, field: QuestionField): QaFile {
  const list = isObject(rewordings) ? rewordings['rewordings'] : undefined;
  if (!Array.isArray(list)) throw new InputError('rewordings: expected {"rewordings": [{"id", "question"}, …]}');
  const items = new Map(qa.items.map((i) => [i.id, i]));
  const out: QaItem[] = [];
  list.forEach((r: unknown, n) => {
    if (!isObject(r) || typeof r['id'] !== 'string' || typeof r['question'] !== 'string' || r['question'].trim() === '') throw new InputError(`rewordings[${n}]: needs a string "id" and a non-empty "question"`);
    const item = items.get(r['id']);
    if (!item) throw new InputError(`rewordings[${n}]: no item "${r['id']}" in the QA file`);
    out.push({ ...item, [FIELD_KEYS[field]]: r['question'] });
  });
  const ids = new Set(out.map((i) => i.doc_id));
  return { docs: qa.docs.filter((d) => ids.has(d.doc_id)), items: out };
}

const FIELD_KEYS: Readonly<Record<QuestionField, 'question' | 'question_with_doc' | 'question_natural' | 'cuad_question'>> = { plain: 'question', with_doc: 'question_with_doc', natural: 'question_natural', cuad: 'cuad_question' };

/** Whether a wording names no document, so it is asked with its document chosen by the user ("Search in this document"). */
export function asksInDocument(field: QuestionField): boolean {
  return field === 'plain' || field === 'cuad';
}

/** The QA file restricted to one split (its documents and their items); every document must say its split. */
export function selectSplit(qa: QaFile, split: string): QaFile {
  const missing = qa.docs.find((d) => typeof d.split !== 'string');
  if (missing) throw new InputError(`QA file: docs "${missing.doc_id}" has no "split"; --split needs a file whose documents name their split`);
  const docs = qa.docs.filter((d) => d.split === split);
  if (docs.length === 0) throw new InputError(`QA file: no document in split "${split}" (splits: ${[...new Set(qa.docs.map((d) => d.split))].join(', ')})`);
  const ids = new Set(docs.map((d) => d.doc_id));
  return { docs, items: qa.items.filter((i) => ids.has(i.doc_id)) };
}
