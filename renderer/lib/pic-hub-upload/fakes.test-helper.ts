import type { ImageJobInput } from '@shared/contracts/image';
import type { PictureImaging } from './prepare';
import { THUMBNAIL_JOB } from './prepare';

/** Test pictures and a stand-in for the image capability, shared with /pic/hub's tests. */

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(200).fill(7)]);
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(300).fill(9)]);
export const picture = (name: string, bytes: Uint8Array = PNG, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

/** Halves each picture, as a compressor would, and keeps the jobs (the pipeline's apart from the thumbnails'). */
export function fakeImaging() {
  const jobs: ImageJobInput[] = [];
  const thumbnailJobs: ImageJobInput[] = [];
  const image: PictureImaging = {
    process: async (file, job) => {
      (job === THUMBNAIL_JOB ? thumbnailJobs : jobs).push(job);
      const bytes = new Uint8Array(await file.slice(0, Math.ceil(file.size / 2)).arrayBuffer());
      bytes.set(new Uint8Array([0x52, 0x49, 0x46, 0x46]), 0);
      return { bytes, mime: 'image/webp', format: 'webp', width: 10, height: 10, quality: 75 };
    },
  };
  return { image, jobs, thumbnailJobs };
}
