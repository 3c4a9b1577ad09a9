import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyStorage, fakeStores, picture } from './fakes.test-helper';
import { compressPresetsOffered, offeredPresets, watermarkPresetsOffered } from '@/lib/pic-hub-upload';
import type { UploadState } from './upload.store';

beforeEach(async () => {
  await emptyStorage();
});

const text = { id: 'w-text', name: '署名', settings: { mode: 'text', text: '© 百宝箱' } };
const logo = { id: 'w-logo', name: 'Logo', settings: { mode: 'logo', logoScale: 0.2 } };
const blank = { id: 'w-blank', name: '空', settings: { mode: 'text', text: ' ' } };
const mine = { id: 'c-mine', name: '我的', settings: { format: 'jpeg', quality: 60 } };

describe('the presets PicHub offers', () => {
  it('the compressor’s built-ins first, then those the user saved', () => {
    const offered = compressPresetsOffered([mine], (key) => `name:${key}`);
    expect(offered.map((preset) => [preset.id, preset.name])).toEqual([
      ['builtin:wechat', 'name:wechat'],
      ['builtin:under200', 'name:under200'],
      ['builtin:web', 'name:web'],
      ['builtin:avif', 'name:avif'],
      ['c-mine', '我的'],
    ]);
    expect(compressPresetsOffered(undefined, String)).toHaveLength(4);
  });

  it('of the watermark presets only those it can draw, counting the ones left out', () => {
    expect(watermarkPresetsOffered([text, logo, blank])).toEqual({ usable: [text], unusable: 2 });
    expect(watermarkPresetsOffered(undefined)).toEqual({ usable: [], unusable: 0 });
    expect(offeredPresets('image-watermark', { 'image-watermark': [logo, text] })).toEqual([text]);
  });
});

function settled(uploads: { getState(): UploadState; subscribe(listener: (state: UploadState) => void): () => void }) {
  return new Promise<UploadState>((resolve) => {
    const check = (state: UploadState) => {
      if (state.items.length > 0 && !state.busy) {
        unsubscribe();
        resolve(state);
      }
    };
    const unsubscribe = uploads.subscribe(check);
    check(uploads.getState());
  });
}

describe('uploading with a built-in compression preset', () => {
  it('compresses as the built-in says (WeChat: WebP 80, at most 1080 wide)', async () => {
    const { hubs, settings, uploads, jobs } = fakeStores({ presets: (toolId) => offeredPresets(toolId, {}) });
    await hubs.getState().save({ owner: 'octo', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_secret' });
    settings.getState().update({ compression: true, compressPresetId: 'builtin:wechat' });
    uploads.getState().add([picture('a.png')]);
    expect((await settled(uploads)).items[0]!.status).toBe('success');
    expect(jobs[0]).toMatchObject({
      ops: [{ kind: 'resize', width: 1080, fit: 'inside' }],
      output: { format: 'webp', quality: 80 },
    });
  });
});
