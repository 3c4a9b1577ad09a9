import { findFfmpeg, startMp4 } from '../../adapters/ffmpeg-mp4';
import type { FfmpegInfo, Mp4Writer } from '../../adapters/ffmpeg-mp4';
import { createHlsFetcher } from '../../adapters/hls-fetch';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export interface HlsDependencies {
  /** Tests tighten the time limit, the size cap and the redirects. */
  fetcher?: ReturnType<typeof createHlsFetcher>;
  /** Where ffmpeg is looked up; tests point it at nothing. */
  findFfmpeg?: () => Promise<FfmpegInfo | undefined>;
  /** Where to save (a .mp4 name is proposed); undefined when the user closes the dialog. */
  chooseSavePath?(suggestedName: string, senderId: number): Promise<string | undefined>;
}

/**
 * /m3u8/downloader on the desktop: `hls:fetch` is the page's source (`route: 'direct'`), one
 * cancellable job per request id; `hls-mp4:*` is ffmpeg writing the MP4, one process per open file,
 * owned by the window that opened it and stopped (its partial file removed) when that page goes away.
 */
export function registerHls(ipc: CapabilityIpc, dependencies: HlsDependencies = {}): void {
  const { fetcher = createHlsFetcher(), chooseSavePath } = dependencies;
  const ffmpeg = dependencies.findFfmpeg ?? (() => findFfmpeg());
  const { handle, jobs } = ipc;

  handle('hls:fetch', ({ jobId, url, range }, context) =>
    jobs.run(context, jobId, (signal) => fetcher(url, { signal, ...(range ? { range } : {}) })),
  );
  handleCancel(ipc, 'hls:cancel');

  const writers = new Map<string, Mp4Writer>();
  let next = 0;
  const writerOf = (senderId: number, id: string) => {
    const writer = writers.get(`${senderId}:${id}`);
    if (!writer) throw new Error(`no MP4 being written with id ${id}`);
    return writer;
  };

  handle('hls-mp4:ffmpeg', () => ffmpeg());
  handle('hls-mp4:open', async ({ suggestedName }, { senderId, signal }) => {
    const found = await ffmpeg();
    if (!found) throw new Error('ffmpeg was not found (set FFMPEG_PATH or install it)');
    if (!chooseSavePath) throw new Error('saving files is not available');
    const path = await chooseSavePath(suggestedName, senderId);
    if (!path) return undefined;
    next += 1;
    const id = `mp4-${next}`;
    const key = `${senderId}:${id}`;
    const writer = startMp4(found.path, path);
    writers.set(key, writer);
    const abandon = () => {
      if (writers.delete(key)) void writer.abort();
    };
    signal.addEventListener('abort', abandon, { once: true });
    return { id, path };
  });
  handle('hls-mp4:write', ({ id, bytes }, { senderId }) => writerOf(senderId, id).write(bytes));
  handle('hls-mp4:close', async ({ id }, { senderId }) => {
    const writer = writerOf(senderId, id);
    writers.delete(`${senderId}:${id}`);
    return writer.close();
  });
  handle('hls-mp4:abort', async ({ id }, { senderId }) => {
    const writer = writers.get(`${senderId}:${id}`);
    writers.delete(`${senderId}:${id}`);
    await writer?.abort();
  });
}
