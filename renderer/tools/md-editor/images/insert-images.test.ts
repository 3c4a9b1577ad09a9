import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import { GithubError } from '@shared/pic-hub/github';
import { describe, expect, it } from 'vitest';
import { insertImages } from './insert-images';
import { uploadReason } from './upload-reason';
import type { InsertImagesDeps } from './insert-images';

const hub: GithubHubConfig = { id: 'h', owner: 'me', repo: 'pics', branch: 'main', path: '', token: 't', updateTime: 0 };
const png = (name = 'a.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });

function kit(change: Partial<InsertImagesDeps> = {}) {
  const notes: string[] = [];
  const kept: File[][] = [];
  const uploaded: File[][] = [];
  const deps: InsertImagesDeps = {
    keepLocal: (files) => {
      kept.push(files);
      return Promise.resolve(files.map((file) => `![${file.name}](md-image:0123456789)`).join('\n'));
    },
    uploadWanted: () => false,
    findHub: () => Promise.resolve(hub),
    upload: (_hub, files) => {
      uploaded.push(files);
      return Promise.resolve(files.map((file) => `![${file.name}](https://cdn/${file.name})`));
    },
    reasonOf: (error) => Promise.resolve(uploadReason(error)),
    maxBytes: 100,
    tooLarge: 'too large',
    text: (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key),
    notify: (type, message) => void notes.push(`${type}: ${message}`),
    ...change,
  };
  return { deps, notes, kept, uploaded };
}

describe('pasted and dropped pictures', () => {
  it('are kept with the document by default', async () => {
    const { deps, kept, uploaded, notes } = kit();
    expect(await insertImages([png()], deps)).toBe('![a.png](md-image:0123456789)');
    expect(kept).toHaveLength(1);
    expect(uploaded).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('go to the PicHub hub when the setting is on, linked by their CDN address', async () => {
    const { deps, kept } = kit({ uploadWanted: () => true });
    expect(await insertImages([png('x.png'), png('y.png')], deps)).toBe('![x.png](https://cdn/x.png)\n![y.png](https://cdn/y.png)');
    expect(kept).toEqual([]);
  });

  it('stay in the document, with the reason said, when the upload fails or the hub is gone', async () => {
    const failing = kit({ uploadWanted: () => true, upload: () => Promise.reject(new GithubError('auth', 'content', { status: 401 })) });
    expect(await insertImages([png()], failing.deps)).toContain('md-image:');
    expect(failing.kept).toHaveLength(1);
    expect(failing.notes.at(-1)).toBe('warning: uploadFailed {"reason":"reasonAuth"}');

    const offline = kit({ uploadWanted: () => true, upload: () => Promise.reject(new GithubError('network', 'content')) });
    await insertImages([png()], offline.deps);
    expect(offline.notes.at(-1)).toBe('warning: uploadFailed {"reason":"reasonNetwork"}');

    const gone = kit({ uploadWanted: () => true, findHub: () => Promise.resolve(undefined) });
    expect(await insertImages([png()], gone.deps)).toContain('md-image:');
    expect(gone.uploaded).toEqual([]);
    expect(gone.notes).toEqual(['warning: hubGone']);
  });

  it('leave out what is no picture, saying so; nothing but non-pictures is refused', async () => {
    const mixed = kit();
    await insertImages([text, png()], mixed.deps);
    expect(mixed.kept[0]!.map((file) => file.name)).toEqual(['a.png']);
    expect(mixed.notes).toEqual(['warning: ignored {"count":1}']);
    await expect(insertImages([text], kit().deps)).rejects.toThrow('notImage');
  });

  it('over the size cap are refused before being kept or sent', async () => {
    const { deps, kept, uploaded } = kit({ uploadWanted: () => true });
    await expect(insertImages([png('big.png', 101)], deps)).rejects.toThrow('too large');
    expect(kept).toEqual([]);
    expect(uploaded).toEqual([]);
  });
});
