import type { GithubHubConfig, HubFile, PicHubSettings } from '@shared/contracts/pic-hub-base';
import { activeCdn } from '@shared/pic-hub/cdn';
import type { GithubClient } from '@shared/pic-hub/github';
import { parseSettings } from '@shared/pic-hub/settings';
import { uploadToHub } from './github-upload';
import { fileLink } from './links';
import { compressionOf, preparePicture, watermarkOf } from './prepare';
import type { ImagePreset, PictureImaging, PreparedPicture } from './prepare';

/** Where /pic/hub keeps its settings in localStorage (zustand's persist: `{ state, version }`). */
export const PIC_HUB_SETTINGS_KEY = 'baibao:pic-hub-settings';

/** /pic/hub's settings as this browser keeps them; the defaults when there are none or they do not parse. */
export function storedPicHubSettings(storage: Pick<Storage, 'getItem'> = localStorage): PicHubSettings {
  try {
    const raw = storage.getItem(PIC_HUB_SETTINGS_KEY);
    const stored: unknown = raw ? JSON.parse(raw) : undefined;
    return parseSettings(typeof stored === 'object' && stored !== null ? (stored as { state?: unknown }).state : undefined);
  } catch {
    return parseSettings(undefined);
  }
}

export interface PictureUploadDeps {
  github(config: GithubHubConfig): Pick<GithubClient, 'uploadFiles'>;
  image: PictureImaging;
  presets(toolId: 'image-compress' | 'image-watermark'): readonly ImagePreset[];
  settings(): PicHubSettings;
  /** Keeps the records in this browser, so /pic/hub's gallery lists the pictures. */
  keepRecords(files: readonly (HubFile & { thumbnail?: Blob })[]): Promise<void>;
  now(): number;
  newId(): string;
}

/**
 * Pictures from another tool into the user's hub, as /pic/hub's upload tab would send them: its
 * compression, watermark and rename settings, one commit; the records kept in this browser (LOCAL:
 * /pic/hub syncs them to the account when the user next uploads there). Answers one Markdown image
 * link per picture through the active CDN template. Rejects with a PicHubError (or the GitHub
 * client's error) when a picture cannot be prepared or the upload fails: nothing is half-linked.
 */
export async function uploadPicturesToHub(
  deps: PictureUploadDeps,
  config: GithubHubConfig,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<string[]> {
  const settings = deps.settings();
  const preset = (toolId: 'image-compress' | 'image-watermark', id: string | undefined) =>
    id === undefined ? undefined : deps.presets(toolId).find((one) => one.id === id);
  const options = {
    compression: settings.compression ? compressionOf(preset('image-compress', settings.compressPresetId)) : undefined,
    watermark: watermarkOf(preset('image-watermark', settings.watermarkPresetId)),
    signal,
  };
  const pictures: PreparedPicture[] = [];
  for (const file of files) pictures.push(await preparePicture(file, deps.image, options));
  const records = await uploadToHub(deps.github(config), config, pictures, {
    renameType: settings.renameType,
    renamePattern: settings.renamePattern,
    storage: 'LOCAL',
    now: deps.now(),
    newId: deps.newId,
    signal,
  });
  try {
    await deps.keepRecords(records.map((record, index) => ({ ...record, thumbnail: pictures[index]!.thumbnail })));
  } catch {
    // The pictures are in the hub and linked; only /pic/hub's list in this browser lacks them.
  }
  const template = activeCdn(settings.githubCdns);
  return records.map((record) => fileLink(record, 'markdown', template));
}
