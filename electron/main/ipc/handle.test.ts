import { describe, expect, it, vi } from 'vitest';
import { isAppUrl } from '../protocol/app-url';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import { createHandle, IpcRejectedError } from './handle';
import type { IpcContext } from './handle';

const APP_PAGE = 'app://baibao/en/file/hasher';

function setup() {
  const ipc = new FakeIpcMain();
  const handle = createHandle(ipc, isAppUrl);
  return { ipc, handle, sender: new FakeSender(1) };
}

describe('handle', () => {
  it('passes the zod-parsed arguments and a context, never the IPC event', async () => {
    const { ipc, handle, sender } = setup();
    const impl = vi.fn((_args: unknown, _context: IpcContext) => ({ md5: 'x' }));
    handle('hash:file', impl);

    const args = { jobId: 'j1', path: '/tmp/a.bin', algorithms: ['md5'] };
    await expect(ipc.invoke('hash:file', APP_PAGE, sender, args)).resolves.toEqual({ md5: 'x' });

    expect(impl).toHaveBeenCalledTimes(1);
    const [received, context] = impl.mock.calls[0]!;
    expect(received).toEqual(args);
    expect(received).not.toBe(args);
    expect(Object.keys(context).sort()).toEqual(['emit', 'senderId', 'signal']);
    expect(context.senderId).toBe(1);
  });

  it('strips keys the schema does not declare', async () => {
    const { ipc, handle, sender } = setup();
    const impl = vi.fn((_args: unknown) => undefined);
    handle('hash:cancel', impl);
    await ipc.invoke('hash:cancel', APP_PAGE, sender, { jobId: 'j1', __proto__: null, extra: 'nope' });
    expect(impl.mock.calls[0]![0]).toEqual({ jobId: 'j1' });
  });

  it.each([
    ['a missing argument', undefined],
    ['an unknown algorithm', { jobId: 'j', path: '/a', algorithms: ['md4'] }],
    ['no algorithms', { jobId: 'j', path: '/a', algorithms: [] }],
    ['an empty path', { jobId: 'j', path: '', algorithms: ['md5'] }],
    ['a path that is not a string', { jobId: 'j', path: 42, algorithms: ['md5'] }],
    ['an over-long job id', { jobId: 'j'.repeat(65), path: '/a', algorithms: ['md5'] }],
  ])('rejects %s before the adapter runs', async (_name, args) => {
    const { ipc, handle, sender } = setup();
    const impl = vi.fn();
    handle('hash:file', impl);
    const call = ipc.invoke('hash:file', APP_PAGE, sender, args);
    await expect(call).rejects.toBeInstanceOf(IpcRejectedError);
    await expect(call).rejects.toThrow(/^hash:file: invalid arguments/);
    expect(impl).not.toHaveBeenCalled();
  });

  it('rejects extra positional arguments', async () => {
    const { ipc, handle, sender } = setup();
    const impl = vi.fn();
    handle('app:info', impl);
    await expect(ipc.invoke('app:info', APP_PAGE, sender, undefined, 'more')).rejects.toThrow('app:info: expected one argument, got 2');
    expect(impl).not.toHaveBeenCalled();
  });

  it.each([
    ['a web page', 'https://evil.example/'],
    ['a local file', 'file:///tmp/page.html'],
    ['another app:// host', 'app://other/index.html'],
    ['a look-alike host', 'app://baibao.evil/'],
    ['a frame that is gone', null],
  ])('refuses calls from %s', async (_name, frameUrl) => {
    const { ipc, handle, sender } = setup();
    const impl = vi.fn();
    handle('app:info', impl);
    await expect(ipc.invoke('app:info', frameUrl, sender, undefined)).rejects.toThrow(/^app:info: refused a call from/);
    expect(impl).not.toHaveBeenCalled();
  });

  it('sends events to the calling window only, and not after it is destroyed', async () => {
    const { ipc, handle, sender } = setup();
    const other = new FakeSender(2);
    handle('hash:cancel', (_args, context) => {
      context.emit('hash:progress', { jobId: 'j', loaded: 1, total: 2 });
      sender.destroy();
      context.emit('hash:progress', { jobId: 'j', loaded: 2, total: 2 });
    });
    await ipc.invoke('hash:cancel', APP_PAGE, sender, { jobId: 'j' });
    expect(sender.sent).toEqual([{ channel: 'hash:progress', payload: { jobId: 'j', loaded: 1, total: 2 } }]);
    expect(other.sent).toEqual([]);
  });

  it('aborts the context signal when the calling window goes away', async () => {
    const { ipc, handle, sender } = setup();
    let signal: AbortSignal | undefined;
    handle('app:info', (_args, context) => {
      signal = context.signal;
      sender.destroy();
      return { version: '1', platform: 'linux', arch: 'x64' };
    });
    await ipc.invoke('app:info', APP_PAGE, sender, undefined);
    expect(signal?.aborted).toBe(true);
  });

  it('ends the calls of a page that is reloaded, navigated away or crashed, not of the next page', async () => {
    const { ipc, handle, sender } = setup();
    const signals: AbortSignal[] = [];
    handle('app:info', (_args, context) => {
      signals.push(context.signal);
      return { version: '1', platform: 'linux', arch: 'x64' };
    });
    const call = () => ipc.invoke('app:info', APP_PAGE, sender, undefined);
    await call();
    await call();
    expect(signals[0]).toBe(signals[1]);
    sender.navigate({ isMainFrame: false, isSameDocument: false });
    sender.navigate({ isMainFrame: true, isSameDocument: true });
    expect(signals[0]!.aborted).toBe(false);
    sender.navigate({ isMainFrame: true, isSameDocument: false });
    expect(signals[0]!.aborted).toBe(true);
    await call();
    expect(signals[2]!.aborted).toBe(false);
    sender.emit('render-process-gone');
    expect(signals[2]!.aborted).toBe(true);
    // However many calls a page makes, a window is watched once.
    await Promise.all(Array.from({ length: 20 }, call));
    expect(sender.listenerCount('did-start-navigation')).toBe(1);
    expect(sender.listenerCount('destroyed')).toBe(1);
  });
});
