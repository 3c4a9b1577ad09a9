import type { HubRecord } from '../contracts/pic-hub-base';

/**
 * Spec §4: a logged-in user's hubs are the server's merged with this browser's, by gid
 * (docs/pic-hub.md "Server sync").
 *
 * - On both sides: the newer `updateTime` wins; on a tie the server's (it is what the user's other
 *   devices see). The result is REMOTE and keeps the server's row id. A local copy newer than the
 *   server's is listed in `toSync` (edited here while offline or before a failed save).
 * - Only on the server: added.
 * - Only here, LOCAL: kept and listed in `toSync` (checkAndSyncHub sends it).
 * - Only here, REMOTE: it was on the server and is no more, so another device deleted it: listed in
 *   `removed` and left out (sending it back would undo that delete).
 * - The system hub (`isSysDefault`) is the site's, not the user's: kept as it is, never synced.
 *
 * Default: the server's default when it is among the result (`PUT default` keeps the account's
 * choice), else this browser's, else the first hub; one at most has `isDefault`.
 */
export interface HubMerge {
  hubs: HubRecord[];
  /** gids of hubs the server lacks or holds older. */
  toSync: string[];
  /** gids of local hubs another device deleted: drop their records and tokens here. */
  removed: string[];
  /** The one default hub's gid, undefined when there are no hubs. */
  defaultGid: string | undefined;
}

export function mergeHubs(local: readonly HubRecord[], remote: readonly HubRecord[]): HubMerge {
  const remoteByGid = new Map(remote.filter((hub) => !hub.isSysDefault).map((hub) => [hub.gid, hub]));
  const localByGid = new Map(local.map((hub) => [hub.gid, hub]));
  const hubs: HubRecord[] = [];
  const toSync: string[] = [];
  const removed: string[] = [];

  for (const hub of local) {
    const server = remoteByGid.get(hub.gid);
    if (hub.isSysDefault) hubs.push(hub);
    else if (server) {
      const localNewer = hub.updateTime > server.updateTime;
      hubs.push(localNewer ? { ...hub, storage: 'REMOTE', id: server.id } : { ...server, storage: 'REMOTE' });
      if (localNewer) toSync.push(hub.gid);
    } else if (hub.storage === 'REMOTE') removed.push(hub.gid);
    else {
      hubs.push(hub);
      toSync.push(hub.gid);
    }
  }
  for (const hub of remoteByGid.values()) if (!localByGid.has(hub.gid)) hubs.push({ ...hub, storage: 'REMOTE' });

  const own = hubs.filter((hub) => !hub.isSysDefault);
  const defaultGid =
    [...remoteByGid.values()].find((hub) => hub.isDefault && own.some((kept) => kept.gid === hub.gid))?.gid ??
    own.find((hub) => localByGid.get(hub.gid)?.isDefault)?.gid ??
    own[0]?.gid ??
    hubs[0]?.gid;
  return {
    hubs: hubs.map((hub) => (hub.isDefault === (hub.gid === defaultGid) ? hub : { ...hub, isDefault: hub.gid === defaultGid })),
    toSync,
    removed,
    defaultGid,
  };
}
