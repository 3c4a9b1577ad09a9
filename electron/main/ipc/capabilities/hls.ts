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

  /** Each open MP4 with what ends its job (see `hls-mp4:open`). */
  const writers = new Map<string, { writer: Mp4Writer; ended: () => void }>();
  let next = 0;
  const writerOf = (senderId: number, id: string) => {
    const open = writers.get(`${senderId}:${id}`);
    if (!open) throw new Error(`no MP4 being written with id ${id}`);
    return open.writer;
  };
  /** Takes the MP4 out of the table and ends its job once `work` is done with it. */
  const finish = async <T>(key: string, work: (writer: Mp4Writer) => Promise<T>): Promise<T | undefined> => {
    const open = writers.get(key);
    if (!open) return undefined;
    writers.delete(key);
    try {
      return await work(open.writer);
    } finally {
      open.ended();
    }
  };

  handle('hls-mp4:ffmpeg', () => ffmpeg());
  handle('hls-mp4:open', async ({ suggestedName }, context) => {
    const { senderId } = context;
    const found = await ffmpeg();
    if (!found) throw new Error('ffmpeg was not found (set FFMPEG_PATH or install it)');
    if (!chooseSavePath) throw new Error('saving files is not available');
    const path = await chooseSavePath(suggestedName, senderId);
    if (!path) return undefined;
    next += 1;
    const id = `mp4-${next}`;
    const key = `${senderId}:${id}`;
    let ended!: () => void;
    const closed = new Promise<void>((resolve) => (ended = resolve));
    writers.set(key, { writer: startMp4(found.path, path), ended });
    // A job from open to close: a page that goes away, or the app quitting (Jobs.stopAll waits for
    // it), kills ffmpeg and removes the partial file rather than leaving half a video under the
    // user's chosen name.
    void jobs
      .run(context, id, async (signal) => {
        signal.addEventListener('abort', () => void finish(key, (writer) => writer.abort()), { once: true });
        await closed;
      })
      .catch(() => undefined);
    return { id, path };
  });
  handle('hls-mp4:write', ({ id, bytes }, { senderId }) => writerOf(senderId, id).write(bytes));
  handle('hls-mp4:close', async ({ id }, { senderId }) => {
    writerOf(senderId, id);
    return (await finish(`${senderId}:${id}`, (writer) => writer.close()))!;
  });
  handle('hls-mp4:abort', async ({ id }, { senderId }) => {
    await finish(`${senderId}:${id}`, (writer) => writer.abort());
  });
}
