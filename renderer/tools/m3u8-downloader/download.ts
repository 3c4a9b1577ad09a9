import { createScheduler, createSegmentLoader, parsePlaylist } from '@shared/m3u8';
import type { DownloadPlan, M3u8Playlist, Scheduler } from '@shared/m3u8';
import type { HlsSourceCapability } from '@shared/contracts/hls';
import { PlaylistStatusError } from './m3u8-downloader.service';

/** Where the downloaded bytes go, in order. */
export interface Sink {
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** Reads and parses a playlist through the platform's source (the proxy on the website). */
export async function readPlaylist(hls: HlsSourceCapability, url: string, signal?: AbortSignal): Promise<M3u8Playlist> {
  const response = await hls.fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new PlaylistStatusError(response.status, url);
  // A CDN often redirects the playlist: its relative URIs are relative to where it was found.
  return parsePlaylist(new TextDecoder().decode(await response.arrayBuffer()), response.url ?? url);
}

/** A file the visitor chose (File System Access): bytes go to disk as they are written. */
export async function fileSink(handle: FileSystemFileHandle): Promise<Sink> {
  const writable = await handle.createWritable();
  return {
    write: (data) => writable.write(data as Uint8Array<ArrayBuffer>),
    close: () => writable.close(),
    abort: () => writable.abort(),
  };
}

export interface Run {
  scheduler: Scheduler;
  /** Settles once the sink is closed (complete) or aborted (cancelled, failed write). */
  done: Promise<'complete' | 'cancelled' | 'error'>;
}

/** Segments through the core's scheduler and loader, streamed in order into the sink. */
export function startRun(options: {
  hls: HlsSourceCapability;
  plan: DownloadPlan;
  parallel: number;
  sink: Sink;
  onChange: () => void;
}): Run {
  const { hls, plan, parallel, sink, onChange } = options;
  const scheduler = createScheduler({
    segments: plan.segments,
    load: createSegmentLoader(hls.fetch),
    write: (data) => sink.write(data),
    parallel,
    onChange,
  });
  const done = scheduler.finished.then(async (final) => {
    if (final.status === 'complete') {
      await sink.close();
      return 'complete' as const;
    }
    await sink.abort().catch(() => undefined);
    return final.status === 'cancelled' ? ('cancelled' as const) : ('error' as const);
  });
  return { scheduler, done };
}
