/**
 * A follow-up that nothing in its documents answers, about another document's subject, says
 * which documents do instead of trapping the user on the previous scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../../../src/core/ask/ask';
import type { AskDeps } from '../../../../src/core/ask/types';
import { engineTermStats } from '../../../../src/core/search/term-stats';
import { textFile, WORKSPACE_CONTRACTS } from '../../../fixtures/contracts';
import { askWorkspace, type AskWorkspace } from '../../../helpers/ask-workspace';

let w: AskWorkspace;
let deps: AskDeps;
const id = (file: string) => w.byFile.get(file)!.id;

beforeAll(async () => {
  w = await askWorkspace(WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
  deps = { retriever: w.retriever, documents: w.documents, terms: engineTermStats(w.engine) };
}, 60_000);

describe('a follow-up that the previous scope cannot answer', () => {
  it('stays insufficient in its scope and names the documents that answer it', async () => {
    const first = await ask({ question: 'Is there a non-compete in the Fabrikam supply agreement?' }, deps);
    expect(first.scope.documentIds).toEqual([id('fabrikam-tailspin-supply.txt')]);
    const follow = await ask({ question: 'how long must confidential information be kept secret?', context: { previousScope: first.scope } }, deps);
    expect(follow.scope).toMatchObject({ source: 'follow_up', documentIds: [id('fabrikam-tailspin-supply.txt')] });
    expect(follow.outcome).toBe('insufficient');
    expect(follow.elsewhere).toContain(id('contoso-fabrikam-nda.txt'));
  });

  it('names nothing else when the follow-up is answered in its scope', async () => {
    const first = await ask({ question: 'Is there a non-compete in the Fabrikam supply agreement?' }, deps);
    const follow = await ask({ question: 'and when does it renew?', context: { previousScope: first.scope } }, deps);
    expect(follow.outcome).toBe('answered');
    expect(follow.elsewhere).toBeUndefined();
  });
});
