import type { Page } from '@shared/contracts/api';
import type { GithubHubConfig, HubFile, HubRecord } from '@shared/contracts/pic-hub-base';
import type { SecretStore } from '@shared/contracts/secrets';
import { GithubError } from '@shared/pic-hub/github';
import type { GithubClient, GithubUploadFile } from '@shared/pic-hub/github';
import { picHubStorage } from '@/platform/storage';
import type { StateStorage } from 'zustand/middleware';
import { createFilesStore } from './files.store';
import { createHubsStore } from './hubs.store';
import type { PicHubDeps } from './ports';
import { createSettingsStore } from './settings.store';
import { picHubApi } from './sync';
import type { PicHubAccount } from './sync';
import { fakeImaging, JPEG, picture, PNG } from '@/lib/pic-hub-upload/fakes.test-helper';
import { createUploadStore } from './upload.store';

/**
 * Test doubles for the data layer: the account's PicHub API as an in-memory server that keeps each
 * call (the real server is tested through HTTP in server/modules/pic-hub), GitHub as a repository
 * of paths (the real client against the git-backed test server is tested in server/testing), the
 * secret store in memory. The browser database is the real one on fake-indexeddb.
 */

export { JPEG, picture, PNG };

/** The admin's system hub as the server offers it: its record, without a token. */
export const SYSTEM_HUB: HubRecord = {
  gid: 'sys',
  type: 'GITHUB',
  config: JSON.stringify({ owner: 'site', repo: 'pics', branch: 'main', path: '' }),
  storage: 'REMOTE',
  isSysDefault: true,
  isDefault: false,
  updateTime: 1,
  createTime: 1,
};

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The account side: one user's hubs, files and settings, as the server keeps them. */
export class FakeAccount implements PicHubAccount {
  user: number | undefined = undefined;
  calls: ApiCall[] = [];
  hubs: HubRecord[] = [];
  files: HubFile[] = [];
  settings: { settings: string; githubCdns: string; updateTime: number } | null = null;
  systemHub: HubRecord | null = null;
  /** Pictures the server was asked to put in the system hub. */
  sysUploads: File[] = [];
  /** Paths that answer with this error (a refused or unreachable server). */
  failing = new Map<string, Error>();
  private nextId = 1;

  userId = () => this.user;

  private answer<T>(call: ApiCall, work: () => T): Promise<T> {
    this.calls.push(call);
    const failure = [...this.failing.entries()].find(([path]) => call.path.endsWith(path))?.[1];
    if (failure) return Promise.reject(failure);
    return Promise.resolve(work());
  }

  get<T>(path: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.answer({ method: 'GET', path, body: params }, () => {
      if (path.endsWith('/pic-hub/list/page/mine')) return page(this.hubs, 1, 100) as T;
      if (path.endsWith('/pic-hub/sys/default')) return this.systemHub as T;
      if (path.endsWith('/settings/mine')) return this.settings as T;
      if (path.endsWith('/pic-hub-file/list/page/mine')) {
        const keyword = typeof params.keyword === 'string' ? params.keyword.toLowerCase() : '';
        const list = this.files
          .filter((file) => !keyword || file.name.toLowerCase().includes(keyword) || file.originalName.toLowerCase().includes(keyword))
          .filter((file) => !params.hubId || file.hubId === params.hubId)
          .sort((a, b) => b.createTime.localeCompare(a.createTime));
        return page(list, Number(params.pageNum), Number(params.pageSize)) as T;
      }
      throw new Error(`GET ${path}`);
    });
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.answer({ method: 'POST', path, body }, () => {
      if (path.endsWith('/pic-hub/save')) {
        const hub = body as HubRecord;
        const existing = this.hubs.find((one) => one.gid === hub.gid);
        const saved: HubRecord = {
          ...hub,
          storage: 'REMOTE',
          isSysDefault: false,
          isDefault: existing?.isDefault ?? false,
          id: existing?.id ?? this.nextId++,
        };
        this.hubs = [...this.hubs.filter((one) => one.gid !== hub.gid), saved];
        return saved as T;
      }
      if (path.endsWith('/pic-hub-file/batch')) {
        const { files } = body as { files: HubFile[] };
        for (const file of files) this.files.push({ ...file, id: this.nextId++ });
        return files.length as T;
      }
      if (path.endsWith('/sys/upload')) {
        const file = (body as FormData).get('file') as File;
        const record: HubFile = {
          gid: `sys-file-${this.nextId++}`,
          originalName: file.name,
          originalSize: file.size,
          name: 'abcdef0123456789.webp',
          path: 'abcdef0123456789.webp',
          size: file.size,
          hubId: this.systemHub?.gid ?? '',
          type: 'GITHUB',
          mediaType: file.type,
          storage: 'REMOTE',
          createTime: '2026-11-27 08:00:00',
          config: this.systemHub?.config ?? '{}',
          sha: 'sys-sha',
        };
        this.sysUploads.push(file);
        return record as T;
      }
      if (path.endsWith('/settings/mine/save')) {
        this.settings = { ...(body as { settings: string; githubCdns: string }), updateTime: Date.now() };
        return null as T;
      }
      throw new Error(`POST ${path}`);
    });
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.answer({ method: 'PUT', path, body }, () => {
      const { gid } = body as { gid: string };
      this.hubs = this.hubs.map((hub) => ({ ...hub, isDefault: hub.gid === gid }));
      return null as T;
    });
  }

  delete<T>(path: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.answer({ method: 'DELETE', path, body: params }, () => {
      if (path.endsWith('/pic-hub/mine')) this.hubs = this.hubs.filter((hub) => hub.gid !== params.gid);
      else if (path.endsWith('/pic-hub-file/mine')) {
        const gids = params.gids as string[];
        this.files = this.files.filter((file) => !gids.includes(file.gid));
      }
      return null as T;
    });
  }

  /** What was posted on leaving the page (keepalive); it reaches the account like a post. */
  postOnLeave(path: string, body: unknown): boolean {
    if (this.user === undefined) return false;
    void this.post(path, body);
    return true;
  }

  callsTo(suffix: string) {
    return this.calls.filter((call) => call.path.endsWith(suffix));
  }
}

function page<T>(list: T[], pageNum: number, pageSize: number): Page<T> {
  return { pageNum, pageSize, total: list.length, list: list.slice((pageNum - 1) * pageSize, pageNum * pageSize) };
}

/** A repository as the GitHub client sees it: paths → sha; each uploadFiles is one commit. */
export class FakeGithub {
  files = new Map<string, { sha: string; bytes: Uint8Array }>();
  commits: string[][] = [];
  configs: GithubHubConfig[] = [];
  deleted: { path: string; sha: string }[] = [];
  /** The next calls of these kinds fail with this error. */
  failCheck?: GithubError;
  failUpload?: GithubError;
  failDelete?: GithubError;
  /** An upload waits for this before answering (cancel tests). */
  gate?: Promise<void>;
  private sha = 0;

  client = (config: GithubHubConfig): GithubClient => {
    this.configs.push(config);
    return {
      checkRepo: () =>
        this.failCheck
          ? Promise.reject(this.failCheck)
          : Promise.resolve({ fullName: `${config.owner}/${config.repo}`, defaultBranch: 'main', private: false }),
      checkBranch: () => Promise.resolve({ name: config.branch, sha: 'head' }),
      uploadFiles: async (files: readonly GithubUploadFile[], options) => {
        if (this.gate) await this.gate;
        if (options?.signal?.aborted) throw new GithubError('cancelled', 'content');
        if (this.failUpload) throw this.failUpload;
        this.commits.push(files.map((file) => file.path));
        return files.map((file) => {
          const sha = `sha${++this.sha}`;
          this.files.set(file.path, { sha, bytes: file.content });
          return { path: file.path, sha };
        });
      },
      deleteFile: (path: string, sha: string) => {
        if (this.failDelete) return Promise.reject(this.failDelete);
        this.deleted.push({ path, sha });
        this.files.delete(path);
        return Promise.resolve();
      },
    };
  };
}

export class MemorySecrets implements SecretStore {
  values = new Map<string, string>();
  durable = () => Promise.resolve(true);
  save = (key: string, secret: string) => {
    this.values.set(key, secret);
    return Promise.resolve();
  };
  get = (key: string) => Promise.resolve(this.values.get(key));
  delete = (key: string) => {
    this.values.delete(key);
    return Promise.resolve();
  };
}

/** The real browser database (fake-indexeddb), emptied: tests of one file share it. */
export async function emptyStorage() {
  for (const hub of await picHubStorage.hubs.all()) await picHubStorage.hubs.delete(hub.gid);
  await picHubStorage.files.delete(await picHubStorage.files.all());
  return picHubStorage;
}

/** Everything the stores need, fresh per test (call emptyStorage first). */
export function fakeDeps(overrides: Partial<PicHubDeps> = {}) {
  const account = new FakeAccount();
  const github = new FakeGithub();
  const secrets = new MemorySecrets();
  const storage = picHubStorage;
  /** The pipeline's jobs (compression, watermark) and, apart, the gallery thumbnails'. */
  const { image, jobs, thumbnailJobs } = fakeImaging();
  let ids = 0;
  let clock = Date.UTC(2026, 10, 27, 8, 0, 0);
  const deps: PicHubDeps = {
    api: picHubApi(account),
    hubRecords: storage.hubs,
    fileRecords: storage.files,
    secrets,
    github: github.client,
    image,
    presets: () => [],
    probe: () => Promise.resolve(),
    now: () => (clock += 1000),
    newId: () => `id${++ids}`,
    ...overrides,
  };
  return { deps, account, github, secrets, storage, jobs, thumbnailJobs };
}

/** A storage that forgets: the settings store's localStorage in tests. */
export function memoryStorage(): StateStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** The four stores wired as stores.ts wires them, on the fakes. */
export function fakeStores(overrides: Partial<PicHubDeps> = {}) {
  const kit = fakeDeps(overrides);
  const local = memoryStorage();
  const hubs = createHubsStore(kit.deps);
  const settings = createSettingsStore(kit.deps, () => local);
  const files = createFilesStore(kit.deps, { hubs, settings });
  const uploads = createUploadStore(kit.deps, { hubs, settings, files });
  return { ...kit, local, hubs, settings, files, uploads };
}
