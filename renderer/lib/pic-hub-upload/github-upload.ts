import type { GithubHubConfig, HubFile, RenameType, StorageScope } from '@shared/contracts/pic-hub-base';
import type { GithubClient, GithubProgress } from '@shared/pic-hub/github';
import { PicHubError } from './errors';
import { hubFileRecord, planPaths } from './prepare';
import type { PreparedPicture } from './prepare';

export interface HubUploadOptions {
  renameType: RenameType;
  renamePattern?: string;
  /** Where the records will be kept: LOCAL in this browser, REMOTE on the account too. */
  storage: StorageScope;
  now: number;
  newId: () => string;
  signal?: AbortSignal;
  onProgress?: (progress: GithubProgress) => void;
}

/**
 * Prepared pictures into the user's own hub (spec §4): named by the rename mode under the hub's
 * folder, sent in one call sequence (one `PUT contents` for one file, one commit for several);
 * answers their records, in the order given. Rejects with the GitHub client's errors, or uploadFailed
 * when GitHub's answer lacks a file.
 */
export async function uploadToHub(
  client: Pick<GithubClient, 'uploadFiles'>,
  config: GithubHubConfig,
  pictures: readonly PreparedPicture[],
  options: HubUploadOptions,
): Promise<HubFile[]> {
  const { now } = options;
  const paths = planPaths(pictures, { renameType: options.renameType, pattern: options.renamePattern, hubPath: config.path, now });
  const uploaded = await client.uploadFiles(
    paths.map(({ path }, index) => ({ path, content: pictures[index]!.bytes })),
    { signal: options.signal, onProgress: options.onProgress },
  );
  return pictures.map((picture, index) => {
    const { name, path } = paths[index]!;
    const sha = uploaded.find((file) => file.path === path)?.sha ?? uploaded[index]?.sha;
    if (!sha) throw new PicHubError('uploadFailed');
    return hubFileRecord(picture, { gid: options.newId(), name, path, sha }, config, options.storage, now);
  });
}
