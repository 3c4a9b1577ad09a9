import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookDownloads } from '@/platform/storage';
import type { SecretStore } from '@shared/contracts/secrets';

const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => void saved.set(key, value),
  removeItem: (key: string) => void saved.delete(key),
});
const { useWebdavEntries } = await import('./webdav-entries.store');

/** The secret store's contract in memory; `durable` as the website says it without WebCrypto. */
function passwordStore(durable = true): SecretStore & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  return {
    kept,
    durable: async () => durable,
    get: async (id) => kept.get(id),
    save: async (id, password) => void kept.set(id, password),
    delete: async (id) => void kept.delete(id),
  };
}

const services = (passwords = passwordStore()) => ({ passwords, forgetHistory: bookDownloads.forget, historyOf: bookDownloads.of });

beforeEach(() => useWebdavEntries.setState({ entries: [] }));

describe('WebDAV entries', () => {
  it('keeps the entry in localStorage and its password only in the password store', async () => {
    const passwords = passwordStore();
    const result = await useWebdavEntries
      .getState()
      .save(services(passwords), { serverURL: ' https://dav.jianguoyun.com/dav/ ', authType: 'basic', username: 'reader' }, 'app-密码');
    expect(result).toMatchObject({ ok: true, passwordKept: true });
    const stored = saved.get('baibao:book-library:webdav')!;
    expect(JSON.parse(stored).state.entries).toEqual([
      { id: expect.any(String), serverURL: 'https://dav.jianguoyun.com/dav/', authType: 'basic', username: 'reader', storage: 'local' },
    ]);
    expect(stored).not.toContain('app-密码');
    const id = useWebdavEntries.getState().entries[0]!.id;
    expect(passwords.kept.get(id)).toBe('app-密码');
    expect(await useWebdavEntries.getState().password(services(passwords), id)).toBe('app-密码');
  });

  it('refuses a duplicate (spec §5) and lets an entry be saved over itself', async () => {
    const store = useWebdavEntries.getState();
    const first = await store.save(services(), { serverURL: 'http://nas.local:5005/books', authType: 'basic', username: 'me' }, 'x');
    if (!first.ok) throw new Error('the first entry was refused');
    const again = await store.save(services(), { serverURL: 'HTTP://NAS.local:5005/books/', authType: 'basic', username: 'me' }, 'y');
    expect(again).toEqual({ ok: false, duplicate: first.entry });
    const edited = await store.save(
      services(),
      { serverURL: 'http://nas.local:5005/books/', authType: 'basic', username: 'me' },
      'z',
      first.entry.id,
    );
    expect(edited.ok).toBe(true);
    expect(useWebdavEntries.getState().entries).toHaveLength(1);
    expect((await store.save(services(), { serverURL: 'http://nas.local:5005/books', authType: 'none', username: '' }, '')).ok).toBe(true);
  });

  it('says when the password is kept for this visit only', async () => {
    const result = await useWebdavEntries
      .getState()
      .save(services(passwordStore(false)), { serverURL: 'http://192.168.1.2/dav/', authType: 'basic', username: 'me' }, 'pw');
    expect(result).toMatchObject({ ok: true, passwordKept: false });
  });

  it('removing an entry forgets its password and its download history, and nothing of other entries', async () => {
    const passwords = passwordStore();
    const store = useWebdavEntries.getState();
    const a = await store.save(services(passwords), { serverURL: 'http://a.test/dav/', authType: 'basic', username: 'me' }, 'pa');
    const b = await store.save(services(passwords), { serverURL: 'http://b.test/dav/', authType: 'basic', username: 'me' }, 'pb');
    if (!a.ok || !b.ok) throw new Error('refused');
    const download = { key: 'etag:"1"', path: '/dav/x.epub', name: 'x.epub', size: 1, time: 1 };
    await bookDownloads.record({ ...download, sourceId: a.entry.id });
    await bookDownloads.record({ ...download, sourceId: b.entry.id });
    await store.remove(services(passwords), a.entry.id);
    expect(useWebdavEntries.getState().entries.map((entry) => entry.id)).toEqual([b.entry.id]);
    expect(passwords.kept.has(a.entry.id)).toBe(false);
    expect(passwords.kept.get(b.entry.id)).toBe('pb');
    expect(await bookDownloads.of(a.entry.id)).toEqual([]);
    expect(await bookDownloads.of(b.entry.id)).toHaveLength(1);
  });
});
