import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Playbook } from '../../../../src/core/scan/playbook';
import { runScan } from '../../../../src/core/scan/scan';
import { MemoryPlaybookStore } from '../../../../src/core/scan/store';
import { decodePlaybook, diffPlaybooks, encodePlaybook, importPlaybookFile, MAX_SHARE_CHARS, playbookFileName, playbookFromUrl, playbookToJson, shareLink } from '../../../../src/core/scan/share';
import { BUILTIN_PLAYBOOKS, builtinPlaybook } from '../../../../src/playbooks/builtin';
import { reviewDocument, sectionChunks } from '../../../fixtures/review-contract';

const nda = builtinPlaybook('nda')!;
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('sharing playbooks', () => {
  it('round-trips every built-in playbook through a file and a link', () => {
    for (const p of BUILTIN_PLAYBOOKS) {
      expect(importPlaybookFile(playbookToJson(p), playbookFileName(p))).toEqual(p);
      const link = shareLink('http://localhost:4173/?x=1#old', p);
      expect(link.startsWith('http://localhost:4173/?x=1#playbook=')).toBe(true);
      expect(decodePlaybook(playbookFromUrl(link)!)).toEqual(p);
    }
    expect(playbookFileName(nda)).toBe('nda-1.0.0.playbook.json');
    expect(playbookFromUrl('http://localhost/#other=1')).toBeNull();
  });

  it('gives the same flags after a share round trip', async () => {
    const commercial = builtinPlaybook('commercial-contracts')!;
    const shared = decodePlaybook(encodePlaybook(commercial));
    const document = reviewDocument();
    const a = await runScan({ document, chunks: sectionChunks(document.id), playbook: commercial });
    const b = await runScan({ document, chunks: sectionChunks(document.id), playbook: shared });
    expect(b.flags).toEqual(a.flags);
  });

  it('refuses links over the size limit, in both directions', () => {
    const big: Playbook = { ...nda, clauseTypes: nda.clauseTypes.map((t, i) => ({ ...t, examples: Array.from({ length: 10 }, () => Array.from({ length: 55 }, () => crypto.randomUUID()).join(' ').slice(0, 2000 - i)) })) };
    expect(() => encodePlaybook(big)).toThrow(/share it as a file instead/);
    expect(() => decodePlaybook('A'.repeat(MAX_SHARE_CHARS + 1))).toThrow(/at most/);
    expect(() => decodePlaybook('not base64!')).toThrow(/base64url/);
    expect(() => decodePlaybook('')).toThrow(/no playbook/);
  });

  it('refuses a 50 MB playbook as a file or a link, and a decompression bomb that fits in a link', () => {
    const huge = (mb: number) => `{"id":"x","description":"${'A'.repeat(mb * 1024 * 1024)}"}`;
    expect(() => importPlaybookFile(huge(50), 'huge.playbook.json')).toThrow(/huge\.playbook\.json is 50\.0 MB/);
    expect(() => decodePlaybook(base64url(deflateSync(new TextEncoder().encode(huge(50)), { level: 9 })))).toThrow(/at most 48000/);
    // 30 MB deflates to a link under the length limit: inflation stops at the size bound
    const bomb = base64url(deflateSync(new TextEncoder().encode(huge(30)), { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_SHARE_CHARS);
    const t0 = performance.now();
    expect(() => decodePlaybook(bomb)).toThrow(/expands beyond 1024 kB/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('keeps a playbook with script in its text as inert data, and refuses a catastrophic or invalid pattern', () => {
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const p: Playbook = { ...nda, name: script, rules: nda.rules.map((r, i) => (i === 0 ? { ...r, guidance: script, fallback: script } : r)) };
    const back = decodePlaybook(encodePlaybook(p));
    expect(back.name).toBe(script);
    expect(back.rules[0]!.fallback).toBe(script);

    // (a+)+$ is valid RE2 and harmless there: it matches in linear time
    const evil: Playbook = { ...nda, clauseTypes: nda.clauseTypes.map((t, i) => (i === 0 ? { ...t, signals: [{ pattern: '(a+)+$', weight: 0.9 }] } : t)) };
    expect(decodePlaybook(encodePlaybook(evil)).clauseTypes[0]!.signals[0]!.pattern).toBe('(a+)+$');
    const backref = { ...nda, clauseTypes: nda.clauseTypes.map((t, i) => (i === 0 ? { ...t, signals: [{ pattern: '(a*)*\\1', weight: 0.9 }] } : t)) };
    const link = base64url(deflateSync(new TextEncoder().encode(JSON.stringify(backref))));
    expect(() => decodePlaybook(link)).toThrow(/\/clauseTypes\/0\/signals\/0\/pattern/);
  });

  it('diffs an incoming version against the installed one', () => {
    const incoming: Playbook = {
      ...nda,
      version: '1.1.0',
      rules: [...nda.rules.slice(1).map((r, i) => (i === 0 ? { ...r, severity: 'critical' as const } : r)), { id: 'new-rule', title: 'New', clauseType: 'survival', severity: 'low', kind: 'required' }],
    };
    const d = diffPlaybooks(nda, incoming);
    expect(d).toMatchObject({ sameId: true, fromVersion: '1.0.0', toVersion: '1.1.0', metadata: ['version'], identical: false });
    expect(d.rules.added.map((r) => r.id)).toEqual(['new-rule']);
    expect(d.rules.removed.map((r) => r.id)).toEqual([nda.rules[0]!.id]);
    expect(d.rules.changed).toEqual([{ id: nda.rules[1]!.id, fields: ['severity'] }]);
    expect(d.clauseTypes).toEqual({ added: [], removed: [], changed: [] });
    expect(diffPlaybooks(nda, structuredClone(nda)).identical).toBe(true);
  });
});

describe('installed playbooks', () => {
  it('keeps one version per id, replaced on install', async () => {
    const store = new MemoryPlaybookStore();
    await store.putPlaybook({ playbook: nda, source: 'file', installedAt: 1 });
    await store.putPlaybook({ playbook: { ...nda, version: '1.1.0' }, source: 'link', installedAt: 2 });
    expect((await store.listPlaybooks()).map((e) => [e.playbook.version, e.source])).toEqual([['1.1.0', 'link']]);
    await store.deletePlaybook(nda.id);
    expect(await store.getPlaybook(nda.id)).toBeUndefined();
  });
});
