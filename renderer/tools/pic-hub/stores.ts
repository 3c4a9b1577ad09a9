import { createHttpProbe } from '@shared/pic-hub/cdn-probe';
import { usePresets } from '@/components/image/presets';
import { randomHexId } from '@/lib/ids';
import { account, platform } from '@/platform';
import { picHubStorage } from '@/platform/storage';
import { createFilesStore, probeFile } from './files.store';
import { followSession, loadStores } from './follow-session';
import { createHubsStore } from './hubs.store';
import { offeredPresets } from '@/lib/pic-hub-upload';
import { githubClientFor } from '@/lib/pic-hub-upload/platform';
import type { PicHubDeps } from './ports';
import { createSettingsStore } from './settings.store';
import { picHubApi } from './sync';
import { createUploadStore } from './upload.store';

/**
 * The tool's stores, wired to the real platform: the PicHub browser database, the secret store,
 * the account, GitHub over the page's own fetch (GitHub answers CORS), the image capability and the
 * image tools' presets. Tests build the same stores with fakes (the `create…Store` factories).
 */

/** Loads a picture URL as an image: the CDN probe's fallback where CSP or CORS refuses a HEAD. */
function loadImage(url: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const stop = () => {
      image.src = '';
      reject(new DOMException('The probe was cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    image.onload = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    image.onerror = () => {
      signal.removeEventListener('abort', stop);
      reject(new Error('The picture did not load'));
    };
    image.src = url;
  });
}

export const picHubDeps: PicHubDeps = {
  api: picHubApi(account),
  hubRecords: picHubStorage.hubs,
  fileRecords: picHubStorage.files,
  secrets: platform.secrets.store('pic-hub'),
  github: githubClientFor,
  image: platform.image,
  presets: (toolId) => offeredPresets(toolId, usePresets.getState().byTool),
  probe: createHttpProbe((url, init) => fetch(url, init), loadImage),
  now: Date.now,
  newId: randomHexId,
};

export const useHubs = createHubsStore(picHubDeps);
export const usePicHubSettings = createSettingsStore(picHubDeps);
export const useFiles = createFilesStore(picHubDeps, { hubs: useHubs, settings: usePicHubSettings });
export const useUploads = createUploadStore(picHubDeps, { hubs: useHubs, settings: usePicHubSettings, files: useFiles });

// A setting changed just before the tab closes still reaches the account.
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => usePicHubSettings.getState().flushOnLeave());

/** The CDN probe's target for a hub: its newest picture (undefined: the probe's reference file). */
export const newestFileOf = (hubGid: string) => probeFile(useFiles, hubGid);

const picHubStores = { hubs: useHubs, settings: usePicHubSettings, files: useFiles };

/** Reads hubs, settings and records. */
export const loadPicHub = () => loadStores(picHubStores);

/** Reads them again after each login or logout while the page is open; answers the unsubscribe. */
export const followPicHubSession = (onError: (error: unknown) => void) => followSession(account, picHubStores, onError);
