/**
 * An in-memory workspace of text documents, ingested by the app's own pipeline (text parser,
 * cleaning, language, metadata, chunking), with a search engine and the Retriever port over it:
 * what the ask function needs in Node tests.
 */
import { inProcessAnalyzer } from '../../src/core/ingest/analyze';
import { ingestFile } from '../../src/core/ingest/pipeline';
import type { SourceFile } from '../../src/core/ports';
import { SearchEngine } from '../../src/core/search/engine';
import { InProcessRetriever } from '../../src/core/search/retriever';
import type { DocumentRecord } from '../../src/core/types';
import { InProcessParser } from '../../src/parsers/parser';
import { MemoryWorkspace } from '../../src/store/memory';

export interface TextDocument {
  readonly file: string;
  readonly text: string;
}

export interface AskWorkspace {
  readonly workspace: MemoryWorkspace;
  readonly engine: SearchEngine;
  readonly retriever: InProcessRetriever;
  /** Ingested documents by file name. */
  readonly byFile: ReadonlyMap<string, DocumentRecord>;
  documents(): Promise<DocumentRecord[]>;
}

function sourceFile(doc: TextDocument): SourceFile {
  const bytes = new TextEncoder().encode(doc.text);
  return { name: doc.file, path: doc.file, size: bytes.byteLength, mediaType: doc.file.endsWith('.md') ? 'text/markdown' : 'text/plain', lastModified: null, bytes: async () => bytes.slice().buffer };
}

export async function askWorkspace(docs: readonly TextDocument[]): Promise<AskWorkspace> {
  const workspace = new MemoryWorkspace();
  const deps = { parser: new InProcessParser(), analyzer: inProcessAnalyzer, store: workspace, index: { addDocument: async () => undefined, removeDocument: async () => undefined } };
  const byFile = new Map<string, DocumentRecord>();
  for (const doc of docs) {
    const outcome = await ingestFile({ file: sourceFile(doc), source: 'upload' }, deps, () => undefined);
    if (outcome.kind !== 'ingested') throw new Error(`ask-workspace: ${doc.file} did not ingest (${outcome.kind})`);
    byFile.set(doc.file, outcome.document);
  }
  const { engine } = await SearchEngine.open(workspace, { saveDelayMs: 0 });
  return {
    workspace,
    engine,
    retriever: new InProcessRetriever({ engine, lookup: workspace }),
    byFile,
    documents: async () => [...workspace.documents.values()].filter((d) => d.status === 'ready' || d.status === 'degraded'),
  };
}
