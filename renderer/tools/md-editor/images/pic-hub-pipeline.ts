import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import { uploadPicturesToHub } from '@/lib/pic-hub-upload';
import { findConfiguredHub, pictureUploadDeps } from '@/lib/pic-hub-upload/platform';

/** What /md/editor uses of PicHub's pipeline, in a chunk of its own (loaded on demand). */
export { findConfiguredHub };
export { uploadReason } from './upload-reason';

export const uploadPictures = (hub: GithubHubConfig, pictures: File[]) => uploadPicturesToHub(pictureUploadDeps, hub, pictures);
