import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { randomHexId } from '@/lib/ids';
import { check, isString } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import { isListOf, isShape, isText } from '@/lib/shape-checks';
import type { WebdavCapability, WebdavEntry } from '@shared/contracts/webdav';
import type { StoredDownload } from '@/platform/storage';
import { duplicateEntry, isAuthType, normalDraft } from './webdav.service';
import type { EntryDraft } from './webdav.service';

/** What the entries need of the platform: its password store and the download history (both in IndexedDB or the OS store). */
export interface EntryServices {
  passwords: WebdavCapability['passwords'];
  forgetHistory: (sourceId: string) => Promise<void>;
  historyOf: (sourceId: string) => Promise<StoredDownload[]>;
}

export type SaveResult = { ok: true; entry: WebdavEntry; passwordKept: boolean } | { ok: false; duplicate: WebdavEntry };

interface State {
  /** Spec §3: id, serverURL, authType, username, storage 'local' — never the password. */
  entries: WebdavEntry[];
  /** Adds an entry, or changes the one with `id`; a duplicate of another entry (spec §5) is refused. */
  save: (services: EntryServices, draft: EntryDraft, password: string, id?: string) => Promise<SaveResult>;
  /** Removes the entry with its password and its download history. */
  remove: (services: EntryServices, id: string) => Promise<void>;
  /** The entry's password ('' when none is stored, or it was kept for an earlier visit only). */
  password: (services: EntryServices, id: string) => Promise<string>;
}

const isEntry = isShape({
  id: isText({ min: 1, max: 64 }),
  serverURL: isText({ min: 1, max: 2048 }),
  authType: check(isAuthType),
  username: isString,
  storage: check((value): value is 'local' => value === 'local'),
});

export const useWebdavEntries = create<State>()(
  persist(
    (set, get) => ({
      entries: [],
      save: async (services, draft, password, id) => {
        const clean = normalDraft(draft);
        const duplicate = duplicateEntry(get().entries, clean, id);
        if (duplicate) return { ok: false, duplicate };
        const existing = id ? get().entries.find((entry) => entry.id === id) : undefined;
        const entry: WebdavEntry = { id: existing?.id ?? randomHexId(8), ...clean, storage: 'local' };
        if (clean.authType === 'basic') await services.passwords.save(entry.id, password);
        else await services.passwords.delete(entry.id).catch(() => undefined);
        // Without WebCrypto (plain-http LAN sites) or an OS keyring the store keeps it for this visit only: the dialog says so.
        const passwordKept = clean.authType === 'none' || (await services.passwords.durable().catch(() => false));
        // Another address or login is another source: what was fetched from the old one says nothing about it.
        if (existing && (existing.serverURL !== entry.serverURL || existing.username !== entry.username)) {
          await services.forgetHistory(entry.id).catch(() => undefined);
        }
        set((state) => ({
          entries: existing ? state.entries.map((each) => (each.id === entry.id ? entry : each)) : [...state.entries, entry],
        }));
        return { ok: true, entry, passwordKept };
      },
      remove: async (services, id) => {
        set((state) => ({ entries: state.entries.filter((entry) => entry.id !== id) }));
        await Promise.all([services.passwords.delete(id).catch(() => undefined), services.forgetHistory(id).catch(() => undefined)]);
      },
      password: async (services, id) => (await services.passwords.get(id).catch(() => undefined)) ?? '',
    }),
    persistedSettings({
      key: 'baibao:book-library:webdav',
      pick: ({ entries }) => ({ entries }),
      fields: { entries: isListOf(isEntry, { max: 200 }) },
    }),
  ),
);
