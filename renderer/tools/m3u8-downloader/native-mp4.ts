import type { HlsMp4Capability } from '@shared/contracts/hls';
import type { Sink } from './download';

/**
 * The desktop's MP4: main's ffmpeg copies the streams of the TS the page hands it (no remux in the
 * page, a regular MP4 with its index at the front). `undefined`: there is no ffmpeg, the page
 * remuxes itself; `null`: the visitor closed main's save dialog.
 */
export async function nativeMp4Sink(mp4: HlsMp4Capability, suggestedName: string): Promise<Sink | null | undefined> {
  if (!(await mp4.ffmpeg())) return undefined;
  const opened = await mp4.open(suggestedName);
  if (!opened) return null;
  return {
    write: (data) => mp4.write(opened.id, data),
    close: async () => {
      await mp4.close(opened.id);
    },
    abort: () => mp4.abort(opened.id),
  };
}
