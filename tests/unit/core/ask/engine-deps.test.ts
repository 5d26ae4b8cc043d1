/**
 * The ask path's deps over an engine (engineAskDeps), the one way the app's index worker,
 * `npm run ask`, `npm run eval` and `npm run train` build them: the caller's deps kept, and the
 * engine's term statistics added — without them a lower-case name only the text holds is not
 * weighed as a name, and the trainer calibrated on turns the app does not take.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { engineAskDeps } from '../../../../src/core/ask/engine-deps';
import { textFile, WORKSPACE_CONTRACTS } from '../../../fixtures/contracts';
import { askWorkspace, type AskWorkspace } from '../../../helpers/ask-workspace';

let w: AskWorkspace;

beforeAll(async () => {
  w = await askWorkspace(WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
}, 60_000);

describe('engineAskDeps', () => {
  it("keeps the caller's deps and adds what the workspace's text says of each word", async () => {
    const chunks = async () => [];
    const deps = engineAskDeps(w.engine, { retriever: w.retriever, documents: w.documents, chunks });
    expect(deps.retriever).toBe(w.retriever);
    expect(deps.documents).toBe(w.documents);
    expect(deps.chunks).toBe(chunks);
    const stats = await deps.terms!(['zanzibarite', 'fabrikam']);
    expect(stats.get('zanzibarite')?.idf).toBe(0);
    expect(stats.get('fabrikam')?.idf).toBeGreaterThan(0);
  });
});
