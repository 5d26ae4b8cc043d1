/**
 * Chat directives without a model (en/fr/de): a playbook scan over the documents named (all
 * searchable ones when none is), the playbook named kept for the card; a folder import with the
 * folder named. Both are proposed for approval and nothing runs before approve(); a denial is
 * kept in the flow. Questions that only look like directives stay questions.
 */
import { describe, expect, it } from 'vitest';
import { collectTurn, runTurn } from '../../../../src/core/answer/turn';
import type { Asker } from '../../../../src/core/ask/types';
import { CatalogWorkspaceAnswers } from '../../../../src/core/workspace/answers';
import { isSearchable, MemoryCatalog } from '../../../../src/core/workspace/catalog';
import { readDirective } from '../../../../src/core/workspace/directives';
import { MemoryFlowStore } from '../../../../src/core/workspace/flows';
import { FlowScheduler, type FlowExecutor } from '../../../../src/core/workspace/scheduler';
import { namedRows, NOW } from '../../../helpers/catalog-fixtures';

describe('readDirective', () => {
  it.each([
    ['scan the NDAs against the NDA playbook', 'en', 'NDAs', 'NDA'],
    ['check every contract against the commercial playbook', 'en', '', 'commercial'],
    ['Please review these contracts', 'en', '', null],
    ['Can you review the Acme agreement with the Commercial playbook?', 'en', 'Acme', 'Commercial'],
    ['Vérifie tous les contrats selon le playbook commercial', 'fr', '', 'commercial'],
    ['Analysez les contrats', 'fr', '', null],
    ['Prüfe alle Verträge anhand des Playbooks Commercial', 'de', '', 'Commercial'],
  ])('%s → a scan (%s) naming "%s", playbook %s', (text, language, names, playbook) => {
    expect(readDirective(text)).toEqual({ kind: 'scan', language, names, playbook, playbookAsked: playbook !== null || /playbook/i.test(text) });
  });

  it.each([
    ['import a folder', 'en', null],
    ['add the folder Contracts', 'en', 'Contracts'],
    ['please open the "Client A" folder', 'en', 'Client A'],
    ['Importe le dossier Contrats 2024', 'fr', 'Contrats 2024'],
    ['Füge den Ordner Verträge hinzu', 'de', 'Verträge'],
  ])('%s → an import (%s) of %s', (text, language, folder) => {
    expect(readDirective(text)).toEqual({ kind: 'import', language, folder });
  });

  it.each([
    'which contracts have a non-compete clause?',
    'does the review clause apply to renewals?',
    'how many documents are in the folder contracts?',
    'open the NDA',
    'review',
    'what did we add last week?',
  ])('%s is not a directive', (text) => {
    expect(readDirective(text)).toBeNull();
  });
});

/** The named workspace, with scan and import executors that record every call. */
function setup() {
  const rows = namedRows();
  const ran: string[] = [];
  const record: FlowExecutor = {
    run: async (item) => {
      ran.push(`${item.kind}:${item.documentId ?? item.label}`);
      return { documentId: item.documentId, document: item.label, title: null, status: 'found', finding: 'ran', evidence: '', chunkId: null, pageStart: null, pageEnd: null, section: [], language: null, score: null, reason: null };
    },
  };
  const flows = new FlowScheduler({ store: new MemoryFlowStore(), executors: { scan: record, import: record }, now: () => NOW });
  const workspace = new CatalogWorkspaceAnswers({ catalog: new MemoryCatalog(rows), flows, now: () => NOW });
  const asked: string[] = [];
  const ask: Asker['ask'] = async (request) => {
    asked.push(request.question);
    throw new Error('retrieval must not run for a directive');
  };
  const turn = async (question: string) => (await collectTurn(runTurn({ question }, { asker: { ask, documents: async () => [] }, workspace }))).turn;
  return { rows, ran, asked, flows, workspace, turn };
}

describe('directives routed and proposed without a model', () => {
  it('routes a scan over the named documents, a scan over all, and an import', async () => {
    const { workspace } = setup();
    expect(await workspace.route('review the GDPR')).toMatchObject({ family: 'scan_request', documentIds: ['gdpr'] });
    expect(await workspace.route('check every contract against the commercial playbook')).toMatchObject({ family: 'scan_request', documentIds: [] });
    expect(await workspace.route('add the folder Contracts')).toMatchObject({ family: 'import_request', documentIds: [] });
    // Names that resolve to nothing, no playbook: a question for retrieval.
    expect(await workspace.route('review the termination clause')).toBeNull();
  });

  it('a scan directive becomes a scan proposal with the playbook named; nothing runs before approval', async () => {
    const { rows, ran, asked, flows, turn } = setup();
    const record = await turn('check every contract against the commercial playbook');
    expect(record.state).toBe('action');
    expect(record.action?.kind).toBe('scan');
    const searchable = rows.filter((r) => isSearchable(r.status)).map((r) => r.id);
    expect([...(record.action?.documentIds ?? [])].sort()).toEqual([...searchable].sort());
    expect(record.answer?.text).toMatch(/review 7 documents against a playbook/);
    expect(record.answer?.text).toMatch(/Estimated time/);
    const flowId = record.action!.flowId!;
    const flow = (await flows.get(flowId))!;
    expect(flow.status).toBe('proposed');
    expect(flow.meta['playbook']).toBe('commercial');
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    await flows.approve(flowId, { playbookId: 'commercial' });
    await flows.whenIdle();
    expect(ran.sort()).toEqual(searchable.map((id) => `scan:${id}`).sort());
    expect((await flows.get(flowId))!.meta).toMatchObject({ playbook: 'commercial', playbookId: 'commercial' });
  });

  it('a scan of a named document proposes that document only', async () => {
    const { turn } = setup();
    const record = await turn('scan the NDA against the NDA playbook');
    expect(record.action).toMatchObject({ kind: 'scan', documentIds: ['nda'] });
  });

  it('an import directive is proposed with its folder, never run before approval, and a denial is kept', async () => {
    const { ran, flows, turn } = setup();
    const record = await turn('add the folder Contracts');
    expect(record.state).toBe('action');
    expect(record.action?.kind).toBe('import');
    expect(record.answer?.text).toMatch(/import the folder Contracts/);
    const flowId = record.action!.flowId!;
    const flow = (await flows.get(flowId))!;
    expect(flow).toMatchObject({ kind: 'import', status: 'proposed', meta: { folder: 'Contracts' } });
    expect(flow.items.map((i) => i.label)).toEqual(['Contracts']);
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
    await flows.deny(flowId, 'declined');
    expect((await flows.get(flowId))!).toMatchObject({ status: 'denied', decision: { approved: false } });
    await flows.whenIdle();
    expect(ran).toEqual([]);
  });

  it('French and German directives are proposed in their language', async () => {
    const { turn } = setup();
    expect((await turn('Importe le dossier Contrats')).answer?.text).toMatch(/importerais le dossier Contrats/);
    expect((await turn('Prüfe alle Verträge anhand des Playbooks Commercial')).action?.kind).toBe('scan');
  });
});
