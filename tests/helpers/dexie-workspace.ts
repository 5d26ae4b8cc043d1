/**
 * Text documents ingested by the app's own pipeline into a workspace database (Dexie on
 * fake-indexeddb), as the import queue commits them; the index worker builds its index from the
 * store when it opens the workspace.
 */
import { inProcessAnalyzer } from '../../src/core/ingest/analyze';
import { ingestFile } from '../../src/core/ingest/pipeline';
import type { SourceFile } from '../../src/core/ports';
import type { DocumentRecord } from '../../src/core/types';
import { InProcessParser } from '../../src/parsers/parser';
import type { WorkspaceDb } from '../../src/store/db';
import { DocumentRepository } from '../../src/store/documents';
import type { TextDocument } from './ask-workspace';

function sourceFile(doc: TextDocument): SourceFile {
  const bytes = new TextEncoder().encode(doc.text);
  return { name: doc.file, path: doc.file, size: bytes.byteLength, mediaType: 'text/plain', lastModified: null, bytes: async () => bytes.slice().buffer };
}

/** Ingests the documents into `db`; resolves with them by file name. */
export async function ingestText(db: WorkspaceDb, docs: readonly TextDocument[]): Promise<Map<string, DocumentRecord>> {
  const deps = { parser: new InProcessParser(), analyzer: inProcessAnalyzer, store: new DocumentRepository(db), index: { addDocument: async () => undefined, removeDocument: async () => undefined } };
  const byFile = new Map<string, DocumentRecord>();
  for (const doc of docs) {
    const outcome = await ingestFile({ file: sourceFile(doc), source: 'upload' }, deps, () => undefined);
    if (outcome.kind !== 'ingested') throw new Error(`dexie-workspace: ${doc.file} did not ingest (${outcome.kind})`);
    byFile.set(doc.file, outcome.document);
  }
  return byFile;
}
