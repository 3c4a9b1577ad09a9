import type { HubFile, LinkFormat } from '@shared/contracts/pic-hub-base';
import type { CdnFileRef } from '@shared/pic-hub/cdn';
import { isGithubError } from '@shared/pic-hub/github';
import { create } from 'zustand';
import { fileLink, PicHubError, problemOf } from '@/lib/pic-hub-upload';
import type { PicHubProblem } from '@/lib/pic-hub-upload';
import type { HubsStore } from './hubs.store';
import type { PicHubDeps } from './ports';
import { activeTemplate } from './settings.store';
import type { PicHubSettingsStore } from './settings.store';

/**
 * The gallery's records (spec §2 gallery, §4): a visitor's are this browser's only; a logged-in
 * user's are the account's pages merged with this browser's (a record only here — uploaded before
 * the login, or whose save on the account failed — still shows). Newest first.
 */

export interface FileFilter {
  /** Matches the name in the hub or the original name, without case. */
  keyword: string;
  /** One hub's files; '' = every hub. */
  hubId: string;
  /** yyyy-MM-dd, inclusive; '' = open. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: FileFilter = { keyword: '', hubId: '', from: '', to: '' };

export interface RemoveOutcome {
  removed: string[];
  /** Records kept because a step failed, with why (the kind, with the server's words when it gave any). */
  failed: { gid: string; kind: PicHubProblem }[];
}

export interface FilesState {
  /** Every record loaded so far, newest first (filter them with `visibleFiles`). */
  files: HubFile[];
  filter: FileFilter;
  selected: string[];
  loading: boolean;
  loaded: boolean;
  /** Logged in: the account has more pages. */
  hasMore: boolean;
  /** The last load from the account that failed (this browser's records still show). */
  error?: PicHubProblem;
  /** Reads this browser's records and, logged in, the account's first page for the filter. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** Changes the filter; the account is asked again when the keyword or hub changed. */
  setFilter(patch: Partial<FileFilter>): Promise<void>;
  /** Records an upload just made (already stored by the upload). */
  add(files: readonly HubFile[]): void;
  toggle(gid: string): void;
  selectAll(): void;
  clearSelection(): void;
  /**
   * Removes records: with `fromRepository`, first the file from GitHub (`DELETE contents` with its
   * sha; a file already gone counts as removed), then the account's record, then this browser's. A
   * failed step keeps the record and is reported.
   */
  remove(gids: readonly string[], options: { fromRepository: boolean }): Promise<RemoveOutcome>;
  /** A file's link in a format through the active CDN template ('' when the record has none). */
  linksOf(file: HubFile, format: LinkFormat): string;
}

const newestFirst = (a: HubFile, b: HubFile) => b.createTime.localeCompare(a.createTime) || a.gid.localeCompare(b.gid);

/** Both lists by gid, the account's copy first; newest first. */
export function mergeFiles(remote: readonly HubFile[], local: readonly HubFile[]): HubFile[] {
  const byGid = new Map<string, HubFile>();
  for (const file of [...local, ...remote]) byGid.set(file.gid, file);
  return [...byGid.values()].sort(newestFirst);
}

export function matchesFilter(file: HubFile, filter: FileFilter): boolean {
  const keyword = filter.keyword.trim().toLowerCase();
  if (keyword && !file.name.toLowerCase().includes(keyword) && !file.originalName.toLowerCase().includes(keyword)) return false;
  if (filter.hubId && file.hubId !== filter.hubId) return false;
  const day = file.createTime.slice(0, 10);
  if (filter.from && day < filter.from) return false;
  if (filter.to && day > filter.to) return false;
  return true;
}

export const visibleFiles = (state: Pick<FilesState, 'files' | 'filter'>): HubFile[] =>
  state.files.filter((file) => matchesFilter(file, state.filter));

/** What the CDN probe asks for: the active hub's newest file (a real picture on every mirror). */
export function probeFileOf(files: readonly HubFile[], hubId: string | undefined): CdnFileRef | undefined {
  const newest = files.filter((file) => file.type === 'GITHUB' && file.hubId === hubId).sort(newestFirst)[0];
  if (!newest) return undefined;
  try {
    const { owner, repo, branch } = JSON.parse(newest.config) as Record<string, unknown>;
    if (typeof owner === 'string' && typeof repo === 'string' && typeof branch === 'string')
      return { owner, repo, branch, path: newest.path };
  } catch {
    // A damaged record is no probe target.
  }
  return undefined;
}

/** GitHub's 404 on a delete: the file is already gone from the repository. */
const alreadyGone = (error: unknown) => isGithubError(error) && error.step === 'delete' && error.status === 404;

export function createFilesStore(
  deps: Pick<PicHubDeps, 'api' | 'fileRecords' | 'github'>,
  stores: { hubs: HubsStore; settings: PicHubSettingsStore },
) {
  const { api, fileRecords } = deps;

  return create<FilesState>()((set, get) => {
    let local: HubFile[] = [];
    let remote: HubFile[] = [];
    let pageNum = 0;
    /** A newer load wins over an older one still answering. */
    let generation = 0;

    const show = () => {
      const gids = new Set([...local, ...remote].map((file) => file.gid));
      set((state) => ({ files: mergeFiles(remote, local), selected: state.selected.filter((gid) => gids.has(gid)) }));
    };

    const fetchPage = async (page: number) => {
      const current = ++generation;
      const { keyword, hubId } = get().filter;
      set({ loading: true });
      try {
        const answer = await api.listFiles({ pageNum: page, keyword: keyword.trim() || undefined, hubId: hubId || undefined });
        if (current !== generation) return;
        remote = page === 1 ? answer.list : mergeFiles(remote, answer.list);
        pageNum = page;
        set({ hasMore: answer.pageNum * answer.pageSize < answer.total, error: undefined });
        show();
      } catch (error) {
        if (current === generation) set({ error: problemOf(error) });
      } finally {
        if (current === generation) set({ loading: false });
      }
    };

    return {
      files: [],
      filter: EMPTY_FILTER,
      selected: [],
      loading: false,
      loaded: false,
      hasMore: false,

      async load() {
        set({ loading: true });
        try {
          // A visitor's gallery is this browser's own records; an account's (REMOTE) come back with its login.
          const all = await fileRecords.all();
          local = api.loggedIn() ? all : all.filter((file) => file.storage === 'LOCAL');
        } catch (error) {
          set({ error: problemOf(error) });
        }
        remote = [];
        show();
        if (api.loggedIn()) await fetchPage(1);
        set({ loaded: true, loading: false });
      },

      async loadMore() {
        if (!api.loggedIn() || !get().hasMore || get().loading) return;
        await fetchPage(pageNum + 1);
      },

      async setFilter(patch) {
        const before = get().filter;
        const filter = { ...before, ...patch };
        set({ filter });
        if (api.loggedIn() && (filter.keyword.trim() !== before.keyword.trim() || filter.hubId !== before.hubId)) await fetchPage(1);
      },

      add(files) {
        const gids = new Set(files.map((file) => file.gid));
        local = [...local.filter((file) => !gids.has(file.gid)), ...files];
        show();
      },

      toggle(gid) {
        set((state) => ({
          selected: state.selected.includes(gid) ? state.selected.filter((one) => one !== gid) : [...state.selected, gid],
        }));
      },

      selectAll() {
        set((state) => ({ selected: visibleFiles(state).map((file) => file.gid) }));
      },

      clearSelection() {
        set({ selected: [] });
      },

      async remove(gids, { fromRepository }) {
        const targets = get().files.filter((file) => gids.includes(file.gid));
        const failed: RemoveOutcome['failed'] = [];
        let done: HubFile[] = [];
        // One at a time: each delete is a commit on the branch, and two at once would race for its head.
        for (const file of targets) {
          try {
            if (fromRepository && file.type === 'GITHUB') {
              if (!file.sha) throw new PicHubError('noHub');
              const config = await stores.hubs.getState().configOf(file.hubId);
              try {
                await deps.github(config).deleteFile(file.path, file.sha);
              } catch (error) {
                if (!alreadyGone(error)) throw error;
              }
            }
            done.push(file);
          } catch (error) {
            failed.push({ gid: file.gid, kind: problemOf(error) });
          }
        }
        const onAccount = done.filter((file) => file.storage === 'REMOTE' || file.id !== undefined);
        if (onAccount.length > 0 && api.loggedIn()) {
          try {
            await api.deleteFiles(onAccount.map((file) => file.gid));
          } catch (error) {
            const kind = problemOf(error);
            for (const file of onAccount) failed.push({ gid: file.gid, kind });
            done = done.filter((file) => !onAccount.includes(file));
          }
        }
        try {
          await fileRecords.delete(done);
        } catch (error) {
          const kind = problemOf(error);
          for (const file of done) failed.push({ gid: file.gid, kind });
          done = [];
        }
        const removed = new Set(done.map((file) => file.gid));
        local = local.filter((file) => !removed.has(file.gid));
        remote = remote.filter((file) => !removed.has(file.gid));
        show();
        return { removed: [...removed], failed };
      },

      linksOf(file, format) {
        return fileLink(file, format, activeTemplate(stores.settings.getState()));
      },
    };
  });
}

export type FilesStore = ReturnType<typeof createFilesStore>;

/** The CDN probe's target: a hub's newest file. */
export function probeFile(files: FilesStore, hubGid: string | undefined): CdnFileRef | undefined {
  return probeFileOf(files.getState().files, hubGid);
}
