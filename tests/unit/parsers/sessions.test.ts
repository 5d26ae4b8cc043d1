import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaTypeFromName, nodeSourceFile } from '../../../src/cli/node-source-file';
import { AbortedError, InputError } from '../../../src/core/errors';
import type { ParsedItem } from '../../../src/core/ports';
import { InProcessParser } from '../../../src/parsers/parser';
import { createParseSessions } from '../../../src/parsers/sessions';

const encode = (s: string) => new TextEncoder().encode(s).buffer;
const meta = (name: string) => ({ name, path: name, mediaType: '', lastModified: null });

describe('parse streams (the worker protocol, in process)', () => {
  it('open → next … done, then the stream is gone', async () => {
    const api = createParseSessions(new InProcessParser());
    const { streamId } = api.open(encode('one\ftwo'), meta('a.txt'));
    expect(await api.next(streamId)).toMatchObject({ done: false, value: { kind: 'info', info: { pages: 2 } } });
    expect(await api.next(streamId)).toMatchObject({ done: false, value: { kind: 'page', page: { page: 1, text: 'one' } } });
    expect(await api.next(streamId)).toMatchObject({ done: false, value: { kind: 'page', page: { page: 2, text: 'two' } } });
    expect(await api.next(streamId)).toEqual({ done: true });
    expect(api.openStreams()).toBe(0);
    await expect(api.next(streamId)).rejects.toBeInstanceOf(InputError);
  });

  it('serialises concurrent next() calls on one session', async () => {
    const api = createParseSessions(new InProcessParser());
    const { streamId } = api.open(encode('a\fb\fc'), meta('a.txt'));
    const items = await Promise.all([api.next(streamId), api.next(streamId), api.next(streamId), api.next(streamId), api.next(streamId)]);
    const label = (r: (typeof items)[number]) => (r.done ? null : (r.value as ParsedItem).kind === 'info' ? 'info' : ((r.value as ParsedItem & { kind: 'page' }).page.text));
    expect(items.map(label)).toEqual(['info', 'a', 'b', 'c', null]);
  });

  it('cancel() makes the next next() reject with AbortedError; close() is idempotent', async () => {
    const api = createParseSessions(new InProcessParser());
    const { streamId } = api.open(encode('a\fb'), meta('a.txt'));
    await api.next(streamId);
    api.cancel(streamId);
    await expect(api.next(streamId)).rejects.toBeInstanceOf(AbortedError);
    await api.close(streamId);
    await api.close(streamId);
    expect(api.openStreams()).toBe(0);
  });
});

describe('nodeSourceFile', () => {
  it('reads a file with its path relative to a root and a platform-like media type', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'casefile-'));
    await writeFile(join(dir, 'Memo.MD'), '# Memo\n');
    const file = await nodeSourceFile(join(dir, 'Memo.MD'), { root: tmpdir() });
    expect(file).toMatchObject({ name: 'Memo.MD', size: 7, mediaType: 'text/markdown' });
    expect(file.path).toMatch(/^casefile-\w+\/Memo\.MD$/);
    expect(new TextDecoder().decode(await file.bytes())).toBe('# Memo\n');
    expect(mediaTypeFromName('x.unknown')).toBe('');
  });
});
