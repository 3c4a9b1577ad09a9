import { describe, expect, it, vi } from 'vitest';
import { ARCHIVE_PASSWORD_PROBE_BYTES, ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveListing } from '@shared/contracts/archive';
import {
  ARCHIVE_CREATE_SOURCES_MAX,
  ARCHIVE_EXTRACT_PATHS_MAX,
  ARCHIVE_FILE_NAME_MAX,
  ARCHIVE_READ_ENTRY_MAX,
} from '@shared/contracts/ipc';
import type { NativeApi } from '@shared/contracts/native';
import { createNativeArchive } from './native';
import type { ArchiveCapability, OpenedArchive } from './types';

const listing: ArchiveListing = {
  format: '7z',
  encrypted: false,
  entries: [{ path: 'docs/a.txt', directory: false, size: 10, encrypted: false }],
};

function setup(overrides: Partial<NativeApi['archive']> = {}, listed: ArchiveListing = listing) {
  const archive: NativeApi['archive'] = {
    hasPath: () => true,
    canCreate: () => true,
    list: vi.fn(async () => listed),
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
  it("names the damaged files main left out of an extraction, as the browser engine's result does", async () => {
    const { capability } = setup({ extract: vi.fn(async () => ({ savedPath: '/out', files: 1, bytes: 4, damaged: ['docs/bad.txt'] })) });
    const opened = await capability.open(file);
    expect(await opened.extract(undefined, { kind: 'nativeFolder' })).toMatchObject({ kind: 'saved', files: 1, damaged: ['docs/bad.txt'] });
  });

  it('opens with 7-Zip in main, and hands RAR (unsupported) and path-less files to the browser engine', async () => {
    const { capability } = setup();
    expect((await capability.open(file)).engine).toBe('7zip');
    const rar = setup({
      list: async () => Promise.reject(new Error("Error invoking remote method 'archive:list': archive:unsupported: Rar")),
    });
    expect(await rar.capability.open(file)).toBe(rar.fromBrowser);
    const pasted = setup({ hasPath: () => false });
    expect(await pasted.capability.open(file)).toBe(pasted.fromBrowser);
    // Volumes added by hand need not lie beside the first on disk, where main's 7-Zip looks.
    const split = setup();
    expect(await split.capability.open(file, { volumes: [new File(['y'], 'a.7z.002')] })).toBe(split.fromBrowser);
    expect(split.archive.list).not.toHaveBeenCalled();
  });

  it('creates in main unless the layout, a partial folder or a non-ASCII zip password rule it out', async () => {
    const { capability, archive, fallback } = setup();
    expect(await capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a' })).toEqual({
      kind: 'saved',
      savedPath: '/out/a.7z',
      bytes: 99,
    });
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
    await expect(capability.create(sources, { format: '7z', level: 5 }, { baseName: 'a' })).rejects.toSatisfy(
      (error) => archiveErrorCode(error) === 'cancelled',
    );
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

  it('asks main for no more than the caller wants (main cuts there), and refuses only what one answer cannot carry', async () => {
    const MB = 1024 * 1024;
    const big: ArchiveListing = {
      format: '7z',
      encrypted: false,
      entries: [
        { path: 'video.mp4', directory: false, size: 100 * MB, encrypted: false },
        { path: 'small.txt', directory: false, size: 10, encrypted: false },
      ],
    };
    const { capability, archive } = setup({}, big);
    const opened = await capability.open(file);
    expect(new TextDecoder().decode(await opened.readEntry('small.txt', { maxBytes: 4 }))).toBe('0123');
    expect(archive.readEntry).toHaveBeenLastCalledWith(file, 'small.txt', { password: undefined, maxBytes: 4 }, expect.any(String));
    // A preview of a 100 MB entry: its first 256 KB, not a refusal.
    await opened.readEntry('video.mp4', { maxBytes: 256 * 1024 });
    expect(archive.readEntry).toHaveBeenLastCalledWith(
      file,
      'video.mp4',
      { password: undefined, maxBytes: 256 * 1024 },
      expect.any(String),
    );
    await opened.readEntry('small.txt', { maxBytes: 200 * MB });
    expect(archive.readEntry).toHaveBeenLastCalledWith(
      file,
      'small.txt',
      { password: undefined, maxBytes: ARCHIVE_READ_ENTRY_MAX },
      expect.any(String),
    );
    await expect(opened.readEntry('video.mp4', { maxBytes: 200 * MB })).rejects.toSatisfy(
      (error) => archiveErrorCode(error) === 'tooLarge',
    );
  });

  it('checks a password on the whole smallest encrypted entry when it is small, on a prefix of it when it is big', async () => {
    const MB = 1024 * 1024;
    const encrypted = (sizes: number[]): ArchiveListing => ({
      format: '7z',
      encrypted: true,
      entries: sizes.map((size, index) => ({ path: `f${index}`, directory: false, size, encrypted: true })),
    });
    const small = setup({}, encrypted([5 * MB, 300 * 1024]));
    await (await small.capability.open(file)).checkPassword('pw');
    expect(small.archive.readEntry).toHaveBeenLastCalledWith(file, 'f1', { password: 'pw', maxBytes: 300 * 1024 }, expect.any(String));
    const big = setup({}, encrypted([700 * MB, 900 * MB]));
    await (await big.capability.open(file)).checkPassword('pw');
    expect(big.archive.readEntry).toHaveBeenLastCalledWith(
      file,
      'f0',
      { password: 'pw', maxBytes: ARCHIVE_PASSWORD_PROBE_BYTES },
      expect.any(String),
    );
  });

  it('never sends main what its IPC schema refuses: too many sources go to the browser engine, a long name is shortened', async () => {
    const many = Array.from({ length: ARCHIVE_CREATE_SOURCES_MAX + 1 }, (_, index) => ({ file, path: `file-${index}.txt` }));
    const crowded = setup();
    await crowded.capability.create(many, { format: 'zip', level: 5 }, { baseName: 'a' });
    expect(crowded.fallback.create).toHaveBeenCalledTimes(1);
    expect(crowded.archive.create).not.toHaveBeenCalled();
    // The limit is on top-level names (main adds a dropped folder as one path), not files.
    const folder = setup();
    await folder.capability.create(
      many.map(({ path }) => ({ file, path: `folder/${path}` })),
      { format: 'zip', level: 5 },
      { baseName: 'a' },
    );
    expect(folder.archive.create).toHaveBeenCalledTimes(1);
    // Two names differing only in case: main would refuse them.
    const cased = setup();
    await cased.capability.create(
      [
        { file, path: 'Notes.txt' },
        { file, path: 'notes.txt' },
      ],
      { format: 'zip', level: 5 },
      { baseName: 'a' },
    );
    expect(cased.fallback.create).toHaveBeenCalledTimes(1);

    const named = setup();
    const suggested = () => vi.mocked(named.archive.create).mock.lastCall![2];
    await named.capability.create(sources, { format: 'tar.gz', level: 5 }, { baseName: 'x'.repeat(300) });
    expect(suggested()).toBe('x'.repeat(ARCHIVE_FILE_NAME_MAX - '.tar.gz'.length));
    // Counted in UTF-8 bytes and cut between characters, never inside one.
    await named.capability.create(sources, { format: 'zip', level: 5 }, { baseName: '论文😀'.repeat(60) });
    const cut = suggested();
    expect(new TextEncoder().encode(`${cut}.zip`).length).toBeLessThanOrEqual(ARCHIVE_FILE_NAME_MAX);
    expect(new TextEncoder().encode(`${cut}.zip`).length).toBeGreaterThan(ARCHIVE_FILE_NAME_MAX - 4);
    expect('论文😀'.repeat(60).startsWith(cut)).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]$/);
    await named.capability.create(sources, { format: 'zip', level: 5 }, { baseName: '周报' });
    expect(suggested()).toBe('周报');
  });

  it('names a selection of more files than one extraction takes by their folders', async () => {
    const count = ARCHIVE_EXTRACT_PATHS_MAX + 5;
    const photos = Array.from({ length: count }, (_, index) => `photos/2024/${index}.jpg`);
    const huge: ArchiveListing = {
      format: 'zip',
      encrypted: false,
      entries: [...photos, 'photos/cover.jpg', 'notes.txt'].map((path) => ({ path, directory: false, size: 1, encrypted: false })),
    };
    const { capability, archive } = setup({}, huge);
    const opened = await capability.open(file);
    await opened.extract([...photos, 'notes.txt'], { kind: 'nativeFolder' });
    expect(vi.mocked(archive.extract).mock.lastCall![1].paths).toEqual(['photos/2024', 'notes.txt']);
    // A selection that stays within the cap goes as it is.
    await opened.extract(['photos/2024/1.jpg', 'notes.txt'], { kind: 'nativeFolder' });
    expect(vi.mocked(archive.extract).mock.lastCall![1].paths).toEqual(['photos/2024/1.jpg', 'notes.txt']);
  });
});
