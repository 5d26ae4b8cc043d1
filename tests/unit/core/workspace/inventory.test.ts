import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/core/errors';
import { documentKind, MemoryCatalog, type CatalogPageRequest, type CatalogRow, type DocumentCatalog } from '../../../../src/core/workspace/catalog';
import { languageBucket, matchesFilter, type CatalogFilter } from '../../../../src/core/workspace/filters';
import { decodeContinuation, documentTable, summarize, type DocumentTable } from '../../../../src/core/workspace/inventory';
import { countsReply, tableReply } from '../../../../src/core/workspace/replies';
import { generatedRows, NOW } from '../../../helpers/catalog-fixtures';

const ROWS = generatedRows(1000);

/** A catalog that records every page it serves (no request may ask for the whole workspace at once). */
class CountingCatalog extends MemoryCatalog {
  readonly requests: CatalogPageRequest[] = [];
  override async page(request: CatalogPageRequest) {
    this.requests.push(request);
    return super.page(request);
  }
}

function naive(rows: readonly CatalogRow[], filter: CatalogFilter = {}) {
  const kept = rows.filter((r) => matchesFilter(r, filter));
  const by = <K extends string>(key: (r: CatalogRow) => K) => kept.reduce<Record<string, number>>((m, r) => ({ ...m, [key(r)]: (m[key(r)] ?? 0) + 1 }), {});
  return {
    matching: kept.length,
    searchable: kept.filter((r) => r.status === 'ready' || r.status === 'degraded').length,
    pages: kept.reduce((s, r) => s + r.pages, 0),
    byLanguage: by((r) => languageBucket(r.language)),
    byKind: by((r) => documentKind(r.mediaType)),
    byStatus: by((r) => r.status),
  };
}

async function allPages(catalog: DocumentCatalog, first: DocumentTable): Promise<DocumentTable[]> {
  const pages = [first];
  let token = first.continuation;
  while (token) {
    const c = decodeContinuation(token);
    const next = await documentTable(catalog, { filter: c.filter, order: c.order, after: c.after, limit: c.limit });
    pages.push(next);
    token = next.continuation;
  }
  return pages;
}

describe('the catalog', () => {
  it('pages in one stable order, ties on addedAt broken by id, both directions, never overlapping', async () => {
    const catalog = new MemoryCatalog(ROWS);
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let after = null;
      for (;;) {
        const page = await catalog.page({ after, limit: 64, order });
        seen.push(...page.rows.map((r) => r.id));
        if (!page.next) break;
        after = page.next;
      }
      expect(seen).toHaveLength(1000);
      expect(new Set(seen).size).toBe(1000);
      const sorted = [...ROWS].sort((a, b) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : 1)).map((r) => r.id);
      expect(seen).toEqual(order === 'asc' ? sorted : [...sorted].reverse());
    }
    expect(new Set(ROWS.map((r) => r.addedAt)).size).toBeLessThan(1000);
  });
});

describe('inventory counts over 1,000 documents', () => {
  it('are exact: total, searchable, pages, by kind, status and language (unknown bucketed), read a batch at a time', async () => {
    const catalog = new CountingCatalog(ROWS);
    const s = await summarize(catalog);
    const want = naive(ROWS);
    expect(s.total).toBe(1000);
    expect(s.matching).toBe(1000);
    expect(s.searchable).toBe(want.searchable);
    expect(s.pages).toBe(want.pages);
    expect(s.byLanguage).toEqual(want.byLanguage);
    expect(s.byKind).toEqual(want.byKind);
    expect(s.byStatus).toEqual(want.byStatus);
    expect(s.byLanguage['unknown']).toBe(ROWS.filter((r) => r.language === null).length);
    expect(Object.values(s.byLanguage).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(catalog.requests.length).toBeGreaterThan(1);
    expect(Math.max(...catalog.requests.map((r) => r.limit))).toBeLessThan(1000);
  });

  it('count what a filter keeps, against the true total', async () => {
    const catalog = new MemoryCatalog(ROWS);
    for (const filter of [{ languages: ['fr'] }, { languages: ['unknown'] }, { kinds: ['pdf' as const], statuses: ['failed' as const] }, { folder: 'contracts' }, { addedFrom: NOW - 7 * 86_400_000 }, { scanned: true, searchable: true }]) {
      const s = await summarize(catalog, filter);
      const want = naive(ROWS, filter);
      expect(s.total).toBe(1000);
      expect(s.matching, JSON.stringify(filter)).toBe(want.matching);
      expect(s.searchable).toBe(want.searchable);
      expect(s.byLanguage).toEqual(want.byLanguage);
    }
  });

  it('say so in the reply', async () => {
    const catalog = new MemoryCatalog(ROWS);
    const fr = await summarize(catalog, { languages: ['fr'] });
    expect(countsReply(fr, null, 'en')).toMatch(new RegExp(`^${fr.matching} of the 1,000 documents in French \\(${fr.searchable} searchable\\)\\.`));
    const all = countsReply(await summarize(catalog), 'language', 'en');
    expect(all).toMatch(/^The workspace holds 1,000 documents \([\d,]+ pages\); \d+ searchable \(ready or degraded\)\.\nBy language: English \d+, French \d+/);
    expect(all).toMatch(/unknown \d+/);
    expect(countsReply(await summarize(catalog, { languages: ['de'] }), null, 'de')).toMatch(/^\d+ der 1\.000 Dokumente auf Deutsch/);
    expect(countsReply(await summarize(catalog, { languages: ['fr'] }), null, 'fr')).toMatch(/^\d+ des 1\u202f000 documents en français/);
  });
});

describe('document tables over 1,000 documents', () => {
  it('state the true total and page without overlap or gap until the last row', async () => {
    const catalog = new MemoryCatalog(ROWS);
    const first = await documentTable(catalog, { limit: 25 });
    expect(first).toMatchObject({ total: 1000, matching: 1000, from: 1, to: 25, beyondEnd: false });
    expect(tableReply(first, 'en').split('\n')[0]).toBe('Showing 1–25 of 1,000 documents:');
    const pages = await allPages(catalog, first);
    expect(pages).toHaveLength(40);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    pages.forEach((p, i) => expect([p.from, p.to]).toEqual([i * 25 + 1, i * 25 + 25]));
    expect(pages[39]!.continuation).toBeNull();
    expect(tableReply(pages[1]!, 'en').split('\n')[0]).toBe('Showing 26–50 of 1,000 documents:');
  });

  it('filtered and newest first: the pages hold exactly the matching rows, with the workspace total beside them', async () => {
    const catalog = new MemoryCatalog(ROWS);
    const filter = { languages: ['fr'] };
    const first = await documentTable(catalog, { filter, order: 'desc', limit: 30 });
    const pages = await allPages(catalog, first);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    const want = ROWS.filter((r) => r.language === 'fr').sort((a, b) => b.addedAt - a.addedAt || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(ids).toEqual(want);
    expect(tableReply(first, 'en').split('\n')[0]).toBe(`Showing 1–30 of ${want.length} documents in French (1,000 in the workspace):`);
  });

  it('offsets give the same disjoint windows; a page beyond the end says so', async () => {
    const catalog = new MemoryCatalog(ROWS);
    const a = await documentTable(catalog, { offset: 975, limit: 25 });
    expect([a.from, a.to, a.continuation]).toEqual([976, 1000, null]);
    const beyond = await documentTable(catalog, { offset: 1000, limit: 25 });
    expect(beyond).toMatchObject({ rows: [], beyondEnd: true, matching: 1000 });
    expect(tableReply(beyond, 'en')).toBe('There are only 1,000 documents: this page starts after the last one.');
  });

  it('a page continued after documents were added keeps to the rows after the last one shown', async () => {
    const rows = generatedRows(60);
    const first = await documentTable(new MemoryCatalog(rows), { limit: 25 });
    const grown = new MemoryCatalog([...rows, ...generatedRows(5, 99).map((r) => ({ ...r, id: `new-${r.id}`, addedAt: NOW + 1000 }))]);
    const c = decodeContinuation(first.continuation!);
    const second = await documentTable(grown, { after: c.after, limit: c.limit });
    expect(second.rows.map((r) => r.id).filter((id) => first.rows.some((r) => r.id === id))).toEqual([]);
    expect(second.from).toBe(26);
    expect(second.total).toBe(65);
  });

  it('shows all of a small list, and rejects a token it did not write', async () => {
    const table = await documentTable(new MemoryCatalog(generatedRows(8)), {});
    expect(tableReply(table, 'en').split('\n')[0]).toBe('Showing all 8 documents:');
    expect(table.rows).toHaveLength(8);
    expect(() => decodeContinuation('{"v":2}')).toThrow(InputError);
    expect(() => decodeContinuation('not json')).toThrow(/page token/);
  });
});
