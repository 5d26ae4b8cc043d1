import { expose, wrap, type Remote } from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import { registerRpcErrors } from '../../../src/rpc/errors';
import { AbortedError, AppError, FileError, InputError } from '../../../src/core/errors';

registerRpcErrors();

const exposed = {
  fileError(): never {
    throw new FileError('file/corrupt', 'contract.pdf', 'not a valid PDF (file is truncated or corrupt)', { details: { page: 3 } });
  },
  async asyncFileError(): Promise<never> {
    await Promise.resolve();
    throw new FileError('file/encrypted', 'sealed.pdf', 'the PDF is password-protected; a password is needed to open it');
  },
  aborted(): never {
    throw new AbortedError('parsing x.pdf');
  },
  input(): never {
    throw new InputError('playbook: unknown rule "x"', { rule: 'x' });
  },
  typeError(): never {
    throw new TypeError('x is not a function');
  },
  notAnError(): never {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the point: a thrown non-Error
    throw { reason: 'plain object' };
  },
  ok(n: number): number {
    return n + 1;
  },
};

const { port1, port2 } = new MessageChannel();
expose(exposed, port1);
const remote: Remote<typeof exposed> = wrap<typeof exposed>(port2);

afterAll(() => {
  port1.close();
  port2.close();
});

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('typed errors across comlink (MessageChannel)', () => {
  it('a FileError arrives as a FileError with its code, message and details', async () => {
    const error = await thrown(remote.fileError());
    expect(error).toBeInstanceOf(FileError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      name: 'FileError',
      code: 'file/corrupt',
      message: 'contract.pdf: not a valid PDF (file is truncated or corrupt)',
      fileName: 'contract.pdf',
      details: { fileName: 'contract.pdf', page: 3 },
    });
    expect((error as Error).stack).toContain('fileError');
  });

  it('works for async methods too', async () => {
    const error = await thrown(remote.asyncFileError());
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'file/encrypted', message: 'sealed.pdf: the PDF is password-protected; a password is needed to open it' });
  });

  it('rebuilds other AppError subclasses', async () => {
    expect(await thrown(remote.aborted())).toBeInstanceOf(AbortedError);
    const input = await thrown(remote.input());
    expect(input).toBeInstanceOf(InputError);
    expect(input).toMatchObject({ code: 'input/invalid', message: 'playbook: unknown rule "x"', details: { rule: 'x' } });
  });

  it('keeps plain errors plain, with their name', async () => {
    const error = await thrown(remote.typeError());
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect(error).toMatchObject({ name: 'TypeError', message: 'x is not a function' });
  });

  it('passes non-errors through unchanged', async () => {
    expect(await thrown(remote.notAnError())).toEqual({ reason: 'plain object' });
  });

  it('leaves results alone', async () => {
    await expect(remote.ok(41)).resolves.toBe(42);
  });
});
