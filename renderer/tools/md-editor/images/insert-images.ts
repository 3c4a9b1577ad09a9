import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import type { ReasonKey } from './upload-reason';

export type ImageTextKey = 'notImage' | 'ignored' | 'hubGone' | 'uploadFailed' | 'uploaded' | 'uploading' | ReasonKey;

export interface InsertImagesDeps {
  /** Keeps the pictures with the document; answers their Markdown (rejects with a translated message). */
  keepLocal(files: File[]): Promise<string>;
  /** The user's setting "upload pasted pictures to PicHub". */
  uploadWanted(): boolean;
  findHub(): Promise<GithubHubConfig | undefined>;
  /** One Markdown link per picture, or rejects with why. */
  upload(hub: GithubHubConfig, files: File[]): Promise<string[]>;
  /** The failed upload's reason (with PicHub's pipeline, which loads on demand). */
  reasonOf(error: unknown): Promise<ReasonKey>;
  /** The largest picture taken, either way. */
  maxBytes: number;
  tooLarge: string;
  text(key: ImageTextKey, options?: { count?: number; reason?: string }): string;
  notify(type: 'warning' | 'success' | 'info', message: string): void;
}

const isPicture = (file: File) => file.type.startsWith('image/');

/**
 * Pasted or dropped files → the Markdown the editor inserts. Only pictures count (others are left
 * out, and the user told so). With the PicHub setting on and a hub configured they are uploaded
 * there and linked by CDN URL; when that fails for any reason they are kept with the document
 * instead, so a picture is never lost, and the user is told why.
 */
export async function insertImages(files: readonly File[], deps: InsertImagesDeps): Promise<string> {
  const pictures = files.filter(isPicture);
  if (pictures.length === 0) throw new Error(deps.text('notImage'));
  if (pictures.length < files.length) deps.notify('warning', deps.text('ignored', { count: files.length - pictures.length }));
  if (pictures.some((file) => file.size > deps.maxBytes)) throw new Error(deps.tooLarge);
  if (deps.uploadWanted()) {
    const hub = await deps.findHub().catch(() => undefined);
    if (!hub) deps.notify('warning', deps.text('hubGone'));
    else {
      deps.notify('info', deps.text('uploading'));
      try {
        const links = await deps.upload(hub, pictures);
        deps.notify('success', deps.text('uploaded'));
        return links.join('\n');
      } catch (error) {
        const reason = deps.text(await deps.reasonOf(error).catch((): ReasonKey => 'reasonOther'));
        deps.notify('warning', deps.text('uploadFailed', { reason }));
      }
    }
  }
  return deps.keepLocal(pictures);
}
