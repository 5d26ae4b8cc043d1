import { beforeAll, describe, expect, it } from 'vitest';
import { portfolioGrid, sortPortfolio } from '../../../../src/core/scan/portfolio';
import { dismissFlag, escalateFlag, filterFlags, openReview, reopenFlag, resolveFlag, reviewSummary, transition, withReviews } from '../../../../src/core/scan/review';
import { runScan } from '../../../../src/core/scan/scan';
import { MemoryScanStore } from '../../../../src/core/scan/store';
import type { ScanRecord } from '../../../../src/core/scan/types';
import { builtinPlaybook } from '../../../../src/playbooks/builtin';
import { reviewDocument, sectionChunks, withSection } from '../../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;
let scan: ScanRecord;
beforeAll(async () => {
  const document = reviewDocument();
  scan = await runScan({ document, chunks: sectionChunks(document.id), playbook: commercial });
});

describe('review transitions', () => {
  it('moves a flag through the workflow and keeps who, when and why', () => {
    const flag = scan.flags[0]!;
    let r = openReview(flag);
    r = escalateFlag(r, 'Ana', 'Ask the partner', 1000);
    r = dismissFlag(r, 'Ben', 'Accepted risk', 2000);
    r = reopenFlag(r, 'Ana', 'New facts', 3000);
    r = resolveFlag(r, 'Ana', 'Renegotiated', 4000);
    expect(r.status).toBe('resolved');
    expect(r.note).toBe('Renegotiated');
    expect(r.history.map((h) => [h.user, h.from, h.to, h.at])).toEqual([
      ['Ana', 'open', 'escalated', 1000],
      ['Ben', 'escalated', 'dismissed', 2000],
      ['Ana', 'dismissed', 'open', 3000],
      ['Ana', 'open', 'resolved', 4000],
    ]);
  });

  it('refuses transitions the workflow does not allow, and anonymous ones', () => {
    const resolved = resolveFlag(openReview(scan.flags[0]!), 'Ana', '');
    expect(() => dismissFlag(resolved, 'Ana', 'x')).toThrow(/resolved cannot be marked dismissed/);
    expect(() => transition(openReview(scan.flags[0]!), { to: 'open', user: 'Ana', at: 1 })).toThrow(/open cannot be marked open/);
    expect(() => resolveFlag(openReview(scan.flags[0]!), '  ', 'x')).toThrow(/reviewer name/);
  });

  it('filters by severity, status and document, and summarises a document', async () => {
    const store = new MemoryScanStore();
    const [a, b] = scan.flags;
    await store.putReview(dismissFlag(openReview(a!), 'Ana', 'fine'));
    await store.putReview(escalateFlag(openReview(b!), 'Ana', 'check'));
    const items = withReviews(scan.flags, await store.listReviews(scan.documentId));
    expect(filterFlags(items, { statuses: ['dismissed'] }).map((i) => i.flag.id)).toEqual([a!.id]);
    expect(filterFlags(items, { severities: ['critical', 'high'] }).every((i) => ['critical', 'high'].includes(i.flag.severity))).toBe(true);
    expect(filterFlags(items, { documentIds: ['other'] })).toEqual([]);
    const summary = reviewSummary(items);
    expect(summary.total).toBe(scan.flags.length);
    expect(summary.byStatus).toMatchObject({ dismissed: 1, escalated: 1, open: scan.flags.length - 2 });
    expect(summary.complete).toBe(false);
    expect(summary.worstOpen).toBe(scan.flags[1]!.severity);
    const all = scan.flags.map((f) => resolveFlag(openReview(f), 'Ana', ''));
    expect(reviewSummary(withReviews(scan.flags, all))).toMatchObject({ complete: true, worstOpen: null });
  });
});

describe('the portfolio grid', () => {
  it('shows documents × clause types as present, missing or flagged by severity', async () => {
    const good = reviewDocument('doc-good', 'c'.repeat(64), 'Good MSA.pdf');
    const goodScan = await runScan({
      document: good,
      chunks: sectionChunks(good.id, withSection('3 Term and Termination', 'Either party may terminate this Agreement for convenience upon ninety (90) days prior written notice.')),
      playbook: commercial,
    });
    const grid = portfolioGrid([scan, goodScan], commercial.clauseTypes);
    expect(grid.columns.map((c) => c.id)).toEqual(commercial.clauseTypes.map((t) => t.id));
    const [bad, fine] = grid.rows;
    expect(bad!.cells['termination_for_convenience']).toMatchObject({ state: 'flagged', severity: 'high', present: true, chunkId: `${scan.documentId}:2` });
    expect(fine!.cells['termination_for_convenience']).toMatchObject({ state: 'present', severity: null });
    expect(bad!.cells['ip_ownership_assignment']).toMatchObject({ state: 'flagged', present: false, chunkId: null });
    expect(bad!.cells['source_code_escrow']!.state).toBe('flagged');
    expect(bad!.cells['joint_ip_ownership']).toMatchObject({ state: 'missing', flagIds: [] });

    // resolving the flags of a cell clears it back to present
    const reviews = bad!.cells['termination_for_convenience']!.flagIds.map((id) => resolveFlag(openReview({ id, documentId: scan.documentId }), 'Ana', 'ok'));
    expect(portfolioGrid([scan], commercial.clauseTypes, reviews).rows[0]!.cells['termination_for_convenience']!.state).toBe('present');

    expect(sortPortfolio(grid, 'termination_for_convenience').rows.map((r) => r.documentId)).toEqual([scan.documentId, good.id]);
    expect(sortPortfolio(grid, 'termination_for_convenience', 'desc').rows.map((r) => r.documentId)).toEqual([good.id, scan.documentId]);
    expect(sortPortfolio(grid, 'document').rows.map((r) => r.documentName)).toEqual(['Good MSA.pdf', 'Services Agreement.pdf']);
  });
});
