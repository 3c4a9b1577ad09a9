import type { GithubHubConfig, HubFile } from '@shared/contracts/pic-hub-base';
import { GithubError } from '@shared/pic-hub/github';
import type { GithubUploadFile } from '@shared/pic-hub/github';
import { defaultPicHubSettings } from '@shared/pic-hub/settings';
import { describe, expect, it } from 'vitest';
import { fakeImaging, JPEG, picture } from './fakes.test-helper';
import { PIC_HUB_SETTINGS_KEY, storedPicHubSettings, uploadPicturesToHub } from './upload-files';
import type { PictureUploadDeps } from './upload-files';

const hub: GithubHubConfig = { id: 'h1', owner: 'me', repo: 'pics', branch: 'main', path: 'md', token: 't', updateTime: 0 };

function kit(fail?: Error) {
  const sent: GithubUploadFile[] = [];
  const kept: HubFile[] = [];
  const { image, jobs } = fakeImaging();
  let ids = 0;
  const deps: PictureUploadDeps = {
    github: () => ({
      uploadFiles: (files) => {
        if (fail) return Promise.reject(fail);
        sent.push(...files);
        return Promise.resolve(files.map((file, index) => ({ path: file.path, sha: `sha${index}` })));
      },
    }),
    image,
    presets: () => [],
    settings: () => ({ ...defaultPicHubSettings(), renameType: 'NONE' }),
    keepRecords: (files) => {
      kept.push(...files);
      return Promise.resolve();
    },
    now: () => Date.UTC(2026, 10, 27),
    newId: () => `g${++ids}`,
  };
  return { deps, sent, kept, jobs };
}

describe('uploading pictures from another tool', () => {
  it('compresses as PicHub is set, sends them in one call under the hub’s folder, keeps the records and answers Markdown links', async () => {
    const { deps, sent, kept, jobs } = kit();
    const links = await uploadPicturesToHub(deps, hub, [picture('屏幕截图.png'), picture('b.jpg', JPEG, 'image/jpeg')]);
    expect(jobs).toHaveLength(2);
    expect(sent.map((file) => file.path)).toEqual(['md/屏幕截图.webp', 'md/b.webp']);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({ hubId: 'h1', storage: 'LOCAL', path: 'md/屏幕截图.webp', sha: 'sha0', originalName: '屏幕截图.png' });
    expect(links[0]).toMatch(/^!\[屏幕截图\.png\]\(https:\/\/\S+\/me\/pics@main\/md\/%E5%B1%8F%E5%B9%95%E6%88%AA%E5%9B%BE\.webp\)$/);
    expect(links).toHaveLength(2);
  });

  it('rejects with the upload’s error and keeps nothing when GitHub refuses', async () => {
    const { deps, kept } = kit(new GithubError('auth', 'content', { status: 401 }));
    await expect(uploadPicturesToHub(deps, hub, [picture('a.png')])).rejects.toMatchObject({ kind: 'auth' });
    expect(kept).toEqual([]);
  });

  it('refuses what is not a picture before sending anything', async () => {
    const { deps, sent } = kit();
    const text = new File(['just text'], 'a.png', { type: 'image/png' });
    await expect(uploadPicturesToHub(deps, hub, [text])).rejects.toMatchObject({ kind: 'notImage' });
    expect(sent).toEqual([]);
  });
});

describe('PicHub’s stored settings', () => {
  it('are read from what its settings store persisted, the defaults when absent or damaged', () => {
    const store = (value: string | null) => ({ getItem: (key: string) => (key === PIC_HUB_SETTINGS_KEY ? value : null) });
    expect(storedPicHubSettings(store(JSON.stringify({ state: { renameType: 'NONE', linkFormat: 'html' }, version: 1 })))).toMatchObject({
      renameType: 'NONE',
      linkFormat: 'html',
    });
    expect(storedPicHubSettings(store(null))).toEqual(defaultPicHubSettings());
    expect(storedPicHubSettings(store('{oops'))).toEqual(defaultPicHubSettings());
  });
});
