import { describe, expect, it, vi } from 'vitest';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveListing } from '@shared/contracts/archive';
import type { NativeApi } from '@shared/contracts/native';
import { createNativeArchive } from './native';
import type { ArchiveCapability, OpenedArchive } from './types';

const listing: ArchiveListing = {
  format: '7z',
  encrypted: false,
  entries: [{ path: 'docs/a.txt', directory: false, size: 10, encrypted: false }],
};

function setup(overrides: Partial<NativeApi['archive']> = {}) {
  const archive: NativeApi['archive'] = {
    hasPath: () => true,
    canCreate: () => true,
    list: vi.fn(async () => listing),
    readEntry: vi.fn(async () => new TextEncoder().encode('0123456789')),
    extract: vi.fn(async () => ({ savedPath: '/out', files: 1, bytes: 10 })),
    create: vi.fn(async () => ({ savedPath: '/out/a.7z', size: 99 })),
    cancel: vi.fn(async () => undefined),
    ...overrides,
  };
  const fromBrowser = { listing, engine: 'browser' } as OpenedArchive;
  const fallback: ArchiveCapability = {
    engine: 'browser',
    createFormats: ['zip', '7z', 'tar', 'tar.gz'],
    limits: { maxTotalBytes: 1, maxEntries: 1, maxRatio: 1, ratioFloorBytes: 1 },
    create: vi.fn(async () => ({ kind: 'blob' as const, blob: new Blob([]), fileName: 'x.zip' })),
    open: vi.fn(async () => fromBrowser),
  };
  const native = { archive } as unknown as NativeApi;
  return { archive, fallback, capability: createNativeArchive(native, fallback), fromBrowser };
}

const file = new File(['x'], 'a.7z');
const sources = [{ file, path: 'docs/a.txt' }];

describe('createNativeArchive', () => {
  it('opens with 7-Zip in main, and hands RAR (unsupported) and path-less files to the browser engine', async () => {
    const { capability } = setup();
    expect((await capability.open(file)).engine).toBe('7zip');
    const rar = setup({ list: async () => Promise.reject(new Error("Error invoking remote method 'archive:list': archive:unsupported: Rar")) });
    expect(await rar.capability.open(file)).toBe(rar.fromBrowser);
    const pasted = setup({ hasPath: () => false });
    expect(await pasted.capability.open(file)).toBe(pasted.fromBrowser);
  });

  it('creates in main unless the layout, a partial folder or a non-ASCII zip password rule it out', async () => {
    const { capability, archive, fallback } = setup();
    expect(await capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a' })).toEqual({ kind: 'saved', savedPath: '/out/a.7z', bytes: 99 });
    expect(archive.create).toHaveBeenCalledTimes(1);
    await capability.create(sources, { format: 'zip', level: 5, password: '密码' }, { baseName: 'a' });
    await capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a', partialFolders: true });
    expect(fallback.create).toHaveBeenCalledTimes(2);
    const elsewhere = setup({ canCreate: () => false });
    await elsewhere.capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a' });
    expect(elsewhere.fallback.create).toHaveBeenCalledTimes(1);
  });

  it('treats a closed dialog as cancelled, and cancel tells main', async () => {
    const { capability } = setup({ create: async () => null });
    await expect(capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a' })).rejects.toSatisfy((error) => archiveErrorCode(error) === 'cancelled');
    let finish: (value: null) => void = () => undefined;
    const slow = setup({ extract: () => new Promise((resolve) => (finish = resolve)) });
    const opened = await slow.capability.open(file);
    const controller = new AbortController();
    const pending = opened.extract(undefined, { kind: 'nativeFolder' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ArchiveError);
    expect(slow.archive.cancel).toHaveBeenCalledTimes(1);
    finish(null);
  });

  it('reads a whole entry from main and cuts it to what the preview asked for', async () => {
    const { capability, archive } = setup();
    const opened = await capability.open(file);
    expect(new TextDecoder().decode(await opened.readEntry('docs/a.txt', { maxBytes: 4 }))).toBe('0123');
    expect(archive.readEntry).toHaveBeenCalledWith(file, 'docs/a.txt', { password: undefined, maxBytes: 10 }, expect.any(String));
  });
});
