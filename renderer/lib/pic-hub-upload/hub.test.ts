import type { HubRecord } from '@shared/contracts/pic-hub-base';
import { describe, expect, it } from 'vitest';
import { configuredHub, parseHubConfig } from './hub';

const hub = (gid: string, change: Partial<HubRecord> = {}): HubRecord => ({
  gid,
  type: 'GITHUB',
  config: JSON.stringify({ owner: 'me', repo: 'pics', branch: 'main', path: '/img/', updateTime: 5 }),
  storage: 'LOCAL',
  isDefault: false,
  isSysDefault: false,
  updateTime: 1,
  createTime: 1,
  ...change,
});

const lookup = (records: HubRecord[], tokens: Record<string, string>, loggedIn = false) => ({
  records: () => Promise.resolve(records),
  secrets: { get: (gid: string) => Promise.resolve(tokens[gid]) },
  loggedIn: () => loggedIn,
});

describe('the configured hub', () => {
  it('is the active hub of one’s own, with its token', async () => {
    const found = await configuredHub(lookup([hub('a'), hub('b', { isDefault: true })], { a: 'ta', b: 'tb' }));
    expect(found).toMatchObject({ id: 'b', owner: 'me', repo: 'pics', branch: 'main', path: 'img', token: 'tb' });
  });

  it('is none without an active hub, without its token, for the system hub, or for a visitor whose hub is an account’s', async () => {
    expect(await configuredHub(lookup([hub('a')], { a: 't' }))).toBeUndefined();
    expect(await configuredHub(lookup([hub('a', { isDefault: true })], {}))).toBeUndefined();
    expect(await configuredHub(lookup([hub('s', { isDefault: true, isSysDefault: true })], { s: 't' }))).toBeUndefined();
    const remote = hub('r', { isDefault: true, storage: 'REMOTE' });
    expect(await configuredHub(lookup([remote], { r: 't' }))).toBeUndefined();
    expect(await configuredHub(lookup([remote], { r: 't' }, true))).toMatchObject({ id: 'r', token: 't' });
  });

  it('reads a damaged config as an empty hub instead of failing', () => {
    expect(parseHubConfig({ gid: 'x', config: '{oops' })).toMatchObject({ id: 'x', owner: '', repo: '', token: '' });
  });
});
