import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaTypeFromName, nodeSourceFile } from '../../../src/cli/node-source-file';
import { AbortedError, InputError } from '../../../src/core/errors';
import { InProcessParser } from '../../../src/parsers/parser';
import { createParseSessions } from '../../../src/parsers/sessions';

const encode = (s: string) => new TextEncoder().encode(s).buffer;
const meta = (name: string) => ({ name, path: name, mediaType: '', lastModified: null });

describe('parse sessions (the worker protocol, in process)', () => {
  it('open → next … null, then the session is gone', async () => {
    const api = createParseSessions(new InProcessParser());
    const { sessionId } = api.open(encode('one\ftwo'), meta('a.txt'));
    expect(await api.next(sessionId)).toMatchObject({ kind: 'info', info: { pages: 2 } });
    expect(await api.next(sessionId)).toMatchObject({ kind: 'page', page: { page: 1, text: 'one' } });
    expect(await api.next(sessionId)).toMatchObject({ kind: 'page', page: { page: 2, text: 'two' } });
    expect(await api.next(sessionId)).toBeNull();
    expect(api.openSessions()).toBe(0);
    await expect(api.next(sessionId)).rejects.toBeInstanceOf(InputError);
  });

  it('serialises concurrent next() calls on one session', async () => {
    const api = createParseSessions(new InProcessParser());
    const { sessionId } = api.open(encode('a\fb\fc'), meta('a.txt'));
    const items = await Promise.all([api.next(sessionId), api.next(sessionId), api.next(sessionId), api.next(sessionId), api.next(sessionId)]);
    expect(items.map((i) => (i === null ? null : i.kind === 'info' ? 'info' : i.page.text))).toEqual(['info', 'a', 'b', 'c', null]);
  });

  it('cancel() makes the next next() reject with AbortedError; close() is idempotent', async () => {
    const api = createParseSessions(new InProcessParser());
    const { sessionId } = api.open(encode('a\fb'), meta('a.txt'));
    await api.next(sessionId);
    api.cancel(sessionId);
    await expect(api.next(sessionId)).rejects.toBeInstanceOf(AbortedError);
    await api.close(sessionId);
    await api.close(sessionId);
    expect(api.openSessions()).toBe(0);
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
