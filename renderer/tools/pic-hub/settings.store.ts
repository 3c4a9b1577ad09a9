import { CDN_PROBE_TIMEOUT_MS } from '@shared/contracts/pic-hub-base';
import type { CdnTemplate, PicHubSettings } from '@shared/contracts/pic-hub-base';
import { activeCdn, renderCdnUrl, userCdnTemplate, withOneActive } from '@shared/pic-hub/cdn';
import type { CdnFileRef } from '@shared/pic-hub/cdn';
import { CDN_PROBE_REFERENCE, probeCdns } from '@shared/pic-hub/cdn-probe';
import type { CdnProbeResult as SharedProbeResult } from '@shared/pic-hub/cdn-probe';
import { defaultPicHubSettings, parseSettings, settingsFromServer, settingsToServer } from '@shared/pic-hub/settings';
import { persistedSettings } from '@/lib/persisted-settings';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';
import { PIC_HUB_SETTINGS_KEY, PicHubError, problemOf } from '@/lib/pic-hub-upload';
import type { PicHubProblem } from '@/lib/pic-hub-upload';
import type { PicHubDeps } from './ports';

/**
 * PicHub's settings (spec §3): kept in localStorage (settings only — never a token), and for a
 * logged-in user on the account (`settings/mine`, the settings and the CDN templates as two JSON
 * texts). CDN templates: the built-in ones plus the user's, exactly one active.
 */

/** Wait this long after the last change before telling the account (a slider drag is one save). */
export const REMOTE_SAVE_DELAY_MS = 800;

export type CdnProbeResult = { ok: true; ms: number } | { ok: false };

type Values = Omit<PicHubSettings, 'githubCdns'>;

export interface PicHubSettingsState extends PicHubSettings {
  /** The last load from or save to the account that failed (the settings still apply here). */
  syncError?: PicHubProblem;
  probing: boolean;
  /** The last probe's answer per template id. */
  probeResults: Record<string, CdnProbeResult>;
  update(patch: Partial<Values>): void;
  /** On `pagehide`: a change still waiting for the account is sent at once, in a request that outlives the page. */
  flushOnLeave(): void;
  /** A user template `{name, tpl}` (check them with checkCdnName / checkCdnTemplate first); inactive until chosen. */
  addCdn(name: string, tpl: string): CdnTemplate;
  editCdn(id: string, name: string, tpl: string): void;
  /** Built-in templates stay; removing the active one makes ChinaJsDelivr active. */
  removeCdn(id: string): void;
  activateCdn(id: string): void;
  /** Logged in: takes the account's settings, or gives it this browser's when it has none. */
  loadRemote(): Promise<void>;
  /**
   * Asks every template for `file` (HEAD, CDN_PROBE_TIMEOUT_MS; without one, CDN_PROBE_REFERENCE)
   * and makes the fastest that answers active; `probeResults` fills as answers come. Rejects with
   * allCdnFail ('all cdnSite fail!') when none does, or cancelled.
   */
  probe(file?: CdnFileRef, signal?: AbortSignal): Promise<CdnTemplate>;
}

export const settingsValues = (state: PicHubSettings): PicHubSettings => ({
  renameType: state.renameType,
  renamePattern: state.renamePattern,
  compression: state.compression,
  ...(state.compressPresetId === undefined ? {} : { compressPresetId: state.compressPresetId }),
  ...(state.watermarkPresetId === undefined ? {} : { watermarkPresetId: state.watermarkPresetId }),
  linkFormat: state.linkFormat,
  githubCdns: state.githubCdns,
});

/** The template uploads link with. */
export const activeTemplate = (state: Pick<PicHubSettings, 'githubCdns'>): CdnTemplate => activeCdn(state.githubCdns);

export function createSettingsStore(
  deps: Pick<PicHubDeps, 'api' | 'probe' | 'newId'>,
  storage?: () => StateStorage,
  timeoutMs = CDN_PROBE_TIMEOUT_MS,
) {
  const { api } = deps;
  let pendingSave: ReturnType<typeof setTimeout> | undefined;

  const store = create<PicHubSettingsState>()(
    persist(
      (set, get) => {
        const saveRemote = () => {
          if (!api.loggedIn()) return;
          clearTimeout(pendingSave);
          pendingSave = setTimeout(() => {
            pendingSave = undefined;
            const body = settingsToServer(settingsValues(get()));
            api.saveSettings(body.settings, body.githubCdns).then(
              () => set({ syncError: undefined }),
              (error: unknown) => set({ syncError: problemOf(error) }),
            );
          }, REMOTE_SAVE_DELAY_MS);
        };
        const setCdns = (githubCdns: CdnTemplate[]) => {
          set({ githubCdns });
          saveRemote();
        };

        return {
          ...defaultPicHubSettings(),
          probing: false,
          probeResults: {},

          update(patch) {
            set(patch);
            saveRemote();
          },

          flushOnLeave() {
            if (pendingSave === undefined) return;
            clearTimeout(pendingSave);
            pendingSave = undefined;
            const body = settingsToServer(settingsValues(get()));
            api.saveSettingsOnLeave(body.settings, body.githubCdns);
          },

          addCdn(name, tpl) {
            const template = userCdnTemplate(deps.newId(), name, tpl);
            setCdns([...get().githubCdns, template]);
            return template;
          },

          editCdn(id, name, tpl) {
            setCdns(
              get().githubCdns.map((template) =>
                template.id === id && !template.isBuiltin ? { ...userCdnTemplate(id, name, tpl), active: template.active } : template,
              ),
            );
          },

          removeCdn(id) {
            const list = get().githubCdns;
            const active = activeCdn(list);
            const kept = list.filter((template) => template.isBuiltin || template.id !== id);
            setCdns(withOneActive(kept, active.id));
          },

          activateCdn(id) {
            setCdns(withOneActive(get().githubCdns, id));
          },

          async loadRemote() {
            if (!api.loggedIn()) return;
            try {
              const record = await api.loadSettings();
              if (record) set(settingsFromServer(record));
              else {
                const body = settingsToServer(settingsValues(get()));
                await api.saveSettings(body.settings, body.githubCdns);
              }
              set({ syncError: undefined });
            } catch (error) {
              set({ syncError: problemOf(error) });
            }
          },

          async probe(file = CDN_PROBE_REFERENCE, signal) {
            const candidates = get().githubCdns;
            const results: Record<string, CdnProbeResult> = {};
            set({ probing: true, probeResults: {} });
            const onResult = (result: SharedProbeResult) => {
              results[result.id] = result.outcome === 'ok' ? { ok: true, ms: result.ms ?? 0 } : { ok: false };
              set({ probeResults: { ...results } });
            };
            try {
              const { winner } = await probeCdns(
                candidates.map((template) => ({ id: template.id, url: renderCdnUrl(template.tpl, file) })),
                deps.probe,
                { timeoutMs, signal, onResult },
              );
              setCdns(withOneActive(get().githubCdns, winner.id));
              return activeCdn(get().githubCdns);
            } catch (error) {
              if (signal?.aborted) throw new PicHubError('cancelled', { cause: error });
              throw new PicHubError('allCdnFail', { cause: error });
            } finally {
              set({ probing: false });
            }
          },
        };
      },
      persistedSettings<PicHubSettingsState, PicHubSettings>({
        key: PIC_HUB_SETTINGS_KEY,
        ...(storage ? { storage } : {}),
        pick: settingsValues,
        restore: (stored) => parseSettings(stored),
      }),
    ),
  );
  return store;
}

export type PicHubSettingsStore = ReturnType<typeof createSettingsStore>;
