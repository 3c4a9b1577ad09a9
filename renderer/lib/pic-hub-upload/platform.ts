import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import { createGithubClient } from '@shared/pic-hub/github';
import { usePresets } from '@/components/image/presets';
import { randomHexId } from '@/lib/ids';
import { account, platform } from '@/platform';
import { picHubStorage } from '@/platform/storage';
import { configuredHub } from './hub';
import { offeredPresets } from './presets';
import { storedPicHubSettings } from './upload-files';
import type { PictureUploadDeps } from './upload-files';

/**
 * The pipeline wired to the real platform: GitHub over the page's own fetch (GitHub answers CORS),
 * /pic/hub's browser database and secret store, the image capability and the image tools' presets.
 * Apart from index.ts so the pipeline's tests need no platform.
 */

export const githubClientFor = (config: GithubHubConfig) =>
  createGithubClient({
    apiBaseUrl: config.apiBaseUrl,
    token: config.token,
    owner: config.owner,
    repo: config.repo,
    branch: config.branch,
    fetch: (url, init) => fetch(url, init),
  });

/** The user's own active PicHub hub in this browser, token included; undefined when there is none. */
export const findConfiguredHub = () =>
  configuredHub({
    records: () => picHubStorage.hubs.all(),
    secrets: platform.secrets.store('pic-hub'),
    loggedIn: () => account.userId() !== undefined,
  });

export const pictureUploadDeps: PictureUploadDeps = {
  github: githubClientFor,
  image: platform.image,
  presets: (toolId) => offeredPresets(toolId, usePresets.getState().byTool),
  settings: () => storedPicHubSettings(),
  keepRecords: (files) => picHubStorage.files.put(files),
  now: Date.now,
  newId: randomHexId,
};
