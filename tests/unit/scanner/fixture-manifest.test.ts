/**
 * The commercial playbook on the generated workspace contracts, against the manifest of what each
 * contains (tests/fixtures/scan-manifest.ts): missing required clauses reported, prohibited ones
 * flagged, nothing else — through the app's own ingestion, classifier and scan, with no file
 * from ../shared/corpus. Known deviations are part of the manifest, each with its reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runScan } from '../../../src/core/scan/scan';
import type { ScanRecord } from '../../../src/core/scan/types';
import { builtinPlaybook } from '../../../src/playbooks/builtin';
import { builtinClassifier } from '../../../src/playbooks/classifiers';
import { textFile, WORKSPACE_CONTRACTS } from '../../fixtures/contracts';
import { COMMERCIAL_MANIFEST, expectedFlag } from '../../fixtures/scan-manifest';
import { askWorkspace } from '../../helpers/ask-workspace';

describe('the commercial playbook on the fixture manifest', () => {
  const scans = new Map<string, ScanRecord>();
  beforeAll(async () => {
    const w = await askWorkspace(WORKSPACE_CONTRACTS.map((c) => ({ file: c.file, text: textFile(c) })));
    const playbook = builtinPlaybook('commercial-contracts')!;
    const classifier = builtinClassifier();
    for (const c of WORKSPACE_CONTRACTS) {
      const document = w.byFile.get(c.file)!;
      scans.set(c.file, await runScan({ document, chunks: w.workspace.chunksByDoc.get(document.id)!, playbook }, { classifier }));
    }
  }, 120_000);

  for (const rule of COMMERCIAL_MANIFEST) {
    it(`${rule.ruleId}: flags exactly the contracts the manifest says`, () => {
      const got = WORKSPACE_CONTRACTS.map((c) => {
        const scan = scans.get(c.file)!;
        const flagged = rule.expect === 'required' ? scan.outcomes.find((o) => o.ruleId === rule.ruleId)?.outcome === 'missing' : scan.flags.some((f) => f.ruleId === rule.ruleId && f.kind === 'present');
        return `${c.file}: ${flagged}`;
      });
      expect(got).toEqual(WORKSPACE_CONTRACTS.map((c) => `${c.file}: ${expectedFlag(rule, c)}`));
    });
  }

  it('raises one flag per rule per clause: the passages of one clause are one finding with its full span', () => {
    for (const [file, scan] of scans) {
      const clauses = scan.flags.map((f) => `${f.ruleId} @ ${f.evidence?.sectionPath[0] ?? 'missing'}`);
      expect(clauses, file).toEqual([...new Set(clauses)]);
    }
  });
});
