import { describe, expect, it } from 'vitest';
import type { HlsMp4Capability } from '@shared/contracts/hls';
import { nativeMp4Sink } from './native-mp4';

function fakeMp4(options: { ffmpeg: boolean; chosen: boolean }) {
  const calls: string[] = [];
  const capability: HlsMp4Capability = {
    ffmpeg: async () => (options.ffmpeg ? { path: '/usr/bin/ffmpeg', version: '7.1' } : undefined),
    open: async (name) => {
      calls.push(`open ${name}`);
      return options.chosen ? { id: 'job1', path: `/videos/${name}` } : undefined;
    },
    write: async (id, bytes) => void calls.push(`write ${id} ${bytes.length}`),
    close: async (id) => {
      calls.push(`close ${id}`);
      return { path: '/videos/a.mp4', bytes: 3 };
    },
    abort: async (id) => void calls.push(`abort ${id}`),
  };
  return { capability, calls };
}

describe('desktop MP4 through main', () => {
  it('leaves MP4 to the page when main has no ffmpeg, without opening a dialog', async () => {
    const { capability, calls } = fakeMp4({ ffmpeg: false, chosen: true });
    expect(await nativeMp4Sink(capability, 'a.mp4')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('says null when the save dialog was closed', async () => {
    const { capability } = fakeMp4({ ffmpeg: true, chosen: false });
    expect(await nativeMp4Sink(capability, 'a.mp4')).toBeNull();
  });

  it('streams the TS to main under the job id, then closes or aborts it', async () => {
    const { capability, calls } = fakeMp4({ ffmpeg: true, chosen: true });
    const sink = (await nativeMp4Sink(capability, 'a.mp4'))!;
    await sink.write(new Uint8Array(3));
    await sink.close();
    await sink.abort();
    expect(calls).toEqual(['open a.mp4', 'write job1 3', 'close job1', 'abort job1']);
  });
});
