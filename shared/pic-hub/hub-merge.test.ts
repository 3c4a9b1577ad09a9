import { describe, expect, it } from 'vitest';
import type { HubRecord } from '../contracts/pic-hub-base';
import { mergeHubs } from './hub-merge';

function hub(gid: string, overrides: Partial<HubRecord> = {}): HubRecord {
  return {
    gid,
    type: 'GITHUB',
    config: JSON.stringify({ id: gid, owner: 'me', repo: gid, branch: 'main', path: '' }),
    storage: 'LOCAL',
    isSysDefault: false,
    isDefault: false,
    updateTime: 1000,
    createTime: 1000,
    ...overrides,
  };
}

const gids = (hubs: HubRecord[]) => hubs.map((one) => one.gid).sort();

describe('mergeHubs', () => {
  it('adds remote-only hubs and marks local-only ones for sync', () => {
    const result = mergeHubs([hub('local')], [hub('remote', { storage: 'REMOTE', id: 7 })]);
    expect(gids(result.hubs)).toEqual(['local', 'remote']);
    expect(result.toSync).toEqual(['local']);
    expect(result.removed).toEqual([]);
    expect(result.hubs.find((one) => one.gid === 'remote')).toMatchObject({ storage: 'REMOTE', id: 7 });
  });

  it('takes the newer copy of a hub on both sides, the server on a tie', () => {
    const local = [hub('a', { updateTime: 2000, config: 'local-a' }), hub('b', { updateTime: 1000, config: 'local-b', storage: 'REMOTE' })];
    const remote = [hub('a', { updateTime: 1000, config: 'remote-a', id: 1 }), hub('b', { updateTime: 1000, config: 'remote-b', id: 2 })];
    const result = mergeHubs(local, remote);
    expect(result.hubs.find((one) => one.gid === 'a')).toMatchObject({ config: 'local-a', storage: 'REMOTE', id: 1 });
    expect(result.hubs.find((one) => one.gid === 'b')).toMatchObject({ config: 'remote-b', storage: 'REMOTE', id: 2 });
    expect(result.toSync).toEqual(['a']);
  });

  it('drops a synced hub the server no longer has (deleted on another device) instead of sending it back', () => {
    const result = mergeHubs([hub('gone', { storage: 'REMOTE', id: 3 }), hub('new')], []);
    expect(gids(result.hubs)).toEqual(['new']);
    expect(result.removed).toEqual(['gone']);
    expect(result.toSync).toEqual(['new']);
  });

  it('keeps the system hub as it is and never syncs it', () => {
    const sys = hub('sys', { isSysDefault: true, storage: 'REMOTE' });
    const result = mergeHubs([sys], [hub('sys', { isSysDefault: true, updateTime: 9999, config: 'server' })]);
    expect(result.hubs).toEqual([{ ...sys, isDefault: true }]);
    expect(result.toSync).toEqual([]);
    expect(result.removed).toEqual([]);
  });

  it("the server's default wins, then this browser's, then the first own hub; exactly one is default", () => {
    const both = mergeHubs([hub('a', { isDefault: true })], [hub('b', { isDefault: true })]);
    expect(both.defaultGid).toBe('b');
    expect(both.hubs.filter((one) => one.isDefault).map((one) => one.gid)).toEqual(['b']);

    const localOnly = mergeHubs([hub('a'), hub('c', { isDefault: true })], [hub('b')]);
    expect(localOnly.defaultGid).toBe('c');

    const none = mergeHubs([hub('sys', { isSysDefault: true }), hub('a')], [hub('b')]);
    expect(none.defaultGid).toBe('a');
    expect(none.hubs.filter((one) => one.isDefault)).toHaveLength(1);

    expect(mergeHubs([], []).defaultGid).toBeUndefined();
  });

  it('a server default that was removed here does not stay default', () => {
    const result = mergeHubs([hub('x', { storage: 'REMOTE', isDefault: true })], []);
    expect(result.defaultGid).toBeUndefined();
    expect(result.hubs).toEqual([]);
  });
});
