import { normalizeHubPath } from '@shared/pic-hub/path';
import type { GithubHubConfig, HubRecord, HubType, StorageScope } from '@shared/contracts/pic-hub-base';
import { mergeHubs } from '@shared/pic-hub/hub-merge';
import { create } from 'zustand';
import type { CleanHubDraft } from '@/components/github-hub/hub-form';
import { errorKindOf, hubConfigWithToken, parseHubConfig, PicHubError, problemOf, visibleHubRecords } from '@/lib/pic-hub-upload';
import type { PicHubProblem } from '@/lib/pic-hub-upload';
import type { PicHubDeps } from './ports';

/**
 * The hubs (spec §2 storage tab, §4 hub loading): records in this browser, merged with the
 * account's when logged in; one active. A token never sits in a record: it is in the platform's
 * secret store under the hub's gid, and reaches our server only inside the config of a hub synced
 * to the account (stored there encrypted, answered only to its owner).
 */

/** A hub's GitHub settings as the page shows them: everything but the token. */
export type HubSettings = Omit<GithubHubConfig, 'token'>;

export interface HubView {
  gid: string;
  type: HubType;
  storage: StorageScope;
  /** The user's active hub. */
  isDefault: boolean;
  /** The site's system hub: read-only, offered to whoever has no hub of their own. */
  isSysDefault: boolean;
  settings: HubSettings;
  /** Whether this browser holds the hub's token (false for the system hub, whose token stays on the server). */
  hasToken: boolean;
  record: HubRecord;
}

/** What the hub drawer saves: `gid` absent → a new hub; `token` '' → keep the saved one. */
export type HubInput = CleanHubDraft & { gid?: string };

/** What a token check needs: where, and the token. */
export type HubTarget = Pick<GithubHubConfig, 'owner' | 'repo' | 'branch' | 'token'> & Partial<Pick<GithubHubConfig, 'apiBaseUrl'>>;

export interface HubsState {
  hubs: HubView[];
  /** The admin's system hub, when the server has one (visitors may upload to it). */
  systemHub?: HubView;
  loading: boolean;
  loaded: boolean;
  /** The last load or sync with the account that failed (hubs stay usable in this browser). */
  syncError?: PicHubProblem;
  /** Reads this browser's hubs, and when logged in the account's, merged (spec §4). */
  load(): Promise<void>;
  /**
   * Adds or edits a GitHub hub: checks the token first (checkToken), keeps the token in the secret
   * store, the record in this browser, and when logged in syncs it to the account. The first hub
   * becomes the active one. Rejects with a PicHubError whose kind the drawer translates.
   */
  save(input: HubInput): Promise<HubView>;
  /** Forgets a hub here, its token, and on the account when it was synced. */
  remove(gid: string): Promise<void>;
  /** One active hub; the account is told when logged in (`PUT …/default`). */
  setActive(gid: string): Promise<void>;
  /** GitHub `GET repo` (token valid, may push) then `GET branches/{branch}`; rejects with auth, noWriteAccess, repoNotFound, branchNotFound, network… */
  checkToken(target: HubTarget): Promise<void>;
  /** Spec §4: when logged in, a hub only in this browser goes to the account (with its token). Answers the hub's record. */
  checkAndSyncHub(gid: string): Promise<HubRecord>;
  /** The hub's full config, token included, for a GitHub call; rejects with noHub or noToken. */
  configOf(gid: string): Promise<GithubHubConfig>;
}

/** The hub uploads go to: the user's active one, else the system hub. */
export function activeHub(state: Pick<HubsState, 'hubs' | 'systemHub'>): HubView | undefined {
  return state.hubs.find((hub) => hub.isDefault) ?? state.systemHub;
}

const withoutToken = ({ token: _token, ...settings }: GithubHubConfig): HubSettings => settings;
const configText = (config: GithubHubConfig | HubSettings) => JSON.stringify(config);

export function createHubsStore(deps: PicHubDeps) {
  const { api, hubRecords, secrets } = deps;

  const view = async (record: HubRecord): Promise<HubView> => ({
    gid: record.gid,
    type: record.type,
    storage: record.storage,
    isDefault: record.isDefault,
    isSysDefault: record.isSysDefault,
    settings: withoutToken(parseHubConfig(record)),
    hasToken: !record.isSysDefault && (await secrets.get(record.gid)) !== undefined,
    record,
  });

  /** A record as this browser keeps it: the token (if the account sent one) moves to the secret store. */
  const keepLocally = async (record: HubRecord): Promise<HubRecord> => {
    const config = parseHubConfig(record);
    if (config.token) await secrets.save(record.gid, config.token);
    const kept: HubRecord = { ...record, config: configText(withoutToken(config)) };
    await hubRecords.put(kept);
    return kept;
  };

  /** Posts a hub with its token; answers the account's record, kept here as REMOTE. */
  const pushHub = async (record: HubRecord): Promise<HubRecord> => {
    const config = parseHubConfig(record);
    const token = (await secrets.get(record.gid)) ?? '';
    const saved = await api.saveHub({
      gid: record.gid,
      type: record.type,
      config: configText({ ...config, token }),
      storage: 'REMOTE',
      updateTime: record.updateTime,
      createTime: record.createTime,
    });
    return keepLocally({ ...record, ...saved, storage: 'REMOTE', isDefault: record.isDefault });
  };

  return create<HubsState>()((set, get) => {
    const refresh = async (records: HubRecord[]) => {
      const sorted = [...records].sort((a, b) => a.createTime - b.createTime);
      set({ hubs: await Promise.all(sorted.map(view)) });
    };
    const records = () => get().hubs.map((hub) => hub.record);
    const recordOf = (gid: string) => {
      const record = records().find((hub) => hub.gid === gid);
      if (!record) throw new PicHubError('noHub');
      return record;
    };

    return {
      hubs: [],
      loading: false,
      loaded: false,

      async load() {
        set({ loading: true });
        try {
          const local = await hubRecords.all();
          const loggedIn = api.loggedIn();
          await refresh(visibleHubRecords(local, loggedIn));
          let syncError: PicHubProblem | undefined;
          if (loggedIn) {
            try {
              const merged = mergeHubs(local, await api.listHubs());
              for (const gid of merged.removed) {
                await hubRecords.delete(gid);
                await secrets.delete(gid);
              }
              let kept = await Promise.all(merged.hubs.map(keepLocally));
              // Edited here after its last save on the account: the account gets this copy. Hubs only
              // here wait for checkAndSyncHub (spec §4), which the first upload runs.
              for (const gid of merged.toSync) {
                const hub = kept.find((one) => one.gid === gid);
                if (hub?.storage === 'REMOTE') {
                  const pushed = await pushHub(hub);
                  kept = kept.map((one) => (one.gid === gid ? pushed : one));
                }
              }
              await refresh(kept);
            } catch (error) {
              syncError = problemOf(error);
            }
          }
          let systemHub: HubView | undefined;
          try {
            const system = await api.systemHub();
            systemHub = system ? await view({ ...system, isSysDefault: true, isDefault: false }) : undefined;
          } catch {
            // No system hub offered (the server has none or cannot be reached): nothing to show.
          }
          set({ systemHub, syncError, loaded: true });
        } finally {
          set({ loading: false });
        }
      },

      async checkToken(target) {
        const client = deps.github({ id: '', path: '', updateTime: 0, ...target });
        try {
          await client.checkRepo();
          await client.checkBranch();
        } catch (error) {
          throw new PicHubError(errorKindOf(error), { cause: error });
        }
      },

      async save(input) {
        const now = deps.now();
        const existing = input.gid ? records().find((hub) => hub.gid === input.gid) : undefined;
        if (existing?.isSysDefault) throw new PicHubError('noHub');
        const gid = existing?.gid ?? deps.newId();
        const token = input.token.trim() || (existing ? await secrets.get(gid) : undefined);
        if (!token) throw new PicHubError('noToken');
        const config: GithubHubConfig = {
          id: gid,
          owner: input.owner.trim(),
          repo: input.repo.trim(),
          branch: input.branch.trim(),
          path: normalizeHubPath(input.path),
          token,
          updateTime: now,
          ...(input.apiBaseUrl ? { apiBaseUrl: input.apiBaseUrl.trim().replace(/\/+$/, '') } : {}),
        };
        await get().checkToken(config);
        await secrets.save(gid, token);
        let record: HubRecord = {
          gid,
          type: 'GITHUB',
          config: configText(withoutToken(config)),
          storage: existing?.storage ?? 'LOCAL',
          isSysDefault: false,
          isDefault: existing?.isDefault ?? !get().hubs.some((hub) => hub.isDefault),
          ...(existing?.id === undefined ? {} : { id: existing.id }),
          updateTime: now,
          createTime: existing?.createTime ?? now,
        };
        await hubRecords.put(record);
        let syncError: PicHubProblem | undefined;
        if (api.loggedIn()) {
          try {
            record = await pushHub(record);
            if (record.isDefault) await api.setDefaultHub(gid);
          } catch (error) {
            // Saved here; the next upload's checkAndSyncHub tries again.
            syncError = problemOf(error);
          }
        }
        await refresh([...records().filter((hub) => hub.gid !== gid), record]);
        set({ syncError });
        return get().hubs.find((hub) => hub.gid === gid) as HubView;
      },

      async remove(gid) {
        const record = recordOf(gid);
        if (record.storage === 'REMOTE' && api.loggedIn()) await api.deleteHub(gid);
        await hubRecords.delete(gid);
        await secrets.delete(gid);
        const rest = records().filter((hub) => hub.gid !== gid);
        await refresh(rest);
        const next = rest[0];
        if (record.isDefault && next) await get().setActive(next.gid);
      },

      async setActive(gid) {
        recordOf(gid);
        const changed = records()
          .filter((hub) => hub.isDefault !== (hub.gid === gid))
          .map((hub) => ({ ...hub, isDefault: hub.gid === gid }));
        for (const hub of changed) await hubRecords.put(hub);
        const byGid = new Map(changed.map((hub) => [hub.gid, hub]));
        await refresh(records().map((hub) => byGid.get(hub.gid) ?? hub));
        const active = recordOf(gid);
        if (api.loggedIn() && active.storage === 'REMOTE') {
          try {
            await api.setDefaultHub(gid);
            set({ syncError: undefined });
          } catch (error) {
            set({ syncError: problemOf(error) });
          }
        }
      },

      async checkAndSyncHub(gid) {
        const record = recordOf(gid);
        if (!api.loggedIn() || record.isSysDefault || (record.storage === 'REMOTE' && record.id !== undefined)) return record;
        const synced = await pushHub(record);
        if (synced.isDefault) await api.setDefaultHub(gid);
        await refresh(records().map((hub) => (hub.gid === gid ? synced : hub)));
        return synced;
      },

      configOf: (gid) => hubConfigWithToken(recordOf(gid), secrets),
    };
  });
}

export type HubsStore = ReturnType<typeof createHubsStore>;
