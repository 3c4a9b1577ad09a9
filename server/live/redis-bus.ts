import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { LiveMember } from '@shared/contracts/live';
import type { Logger } from '../logger';
import type { Bus } from './bus';

const PREFIX = 'baibao:live:';
/** An instance that stops refreshing its key (killed, frozen) loses its room members this long after. */
const INSTANCE_TTL_SECONDS = 15;
const INSTANCE_REFRESH_MS = 5_000;

interface StoredMember {
  member: LiveMember;
  instance: string;
}

/**
 * The bus across instances: topics are Redis channels, room membership a hash per room whose
 * entries name the instance holding the connection. A killed instance cannot remove its members,
 * so members() drops those whose instance key has expired.
 */
export async function createRedisBus(url: string, logger: Logger): Promise<Bus> {
  const instance = randomBytes(8).toString('hex');
  const command = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const connection of [command, subscriber])
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error; retrying'));
  await Promise.all([command.connect(), subscriber.connect()]);

  const instanceKey = `${PREFIX}instance:${instance}`;
  const refresh = () => command.set(instanceKey, '1', 'EX', INSTANCE_TTL_SECONDS);
  await refresh();
  const refresher = setInterval(() => void refresh().catch(() => undefined), INSTANCE_REFRESH_MS);
  refresher.unref();

  const handlers = new Map<string, Set<(message: unknown) => void>>();
  subscriber.on('message', (channel: string, text: string) => {
    const topic = channel.slice(PREFIX.length + 'topic:'.length);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const handler of handlers.get(topic) ?? []) handler(message);
  });
  const channelOf = (topic: string) => `${PREFIX}topic:${topic}`;
  const roomKey = (room: string) => `${PREFIX}room:${room}`;
  const ownPeers = new Map<string, Set<string>>();

  return {
    async publish(topic, message) {
      await command.publish(channelOf(topic), JSON.stringify(message));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        await subscriber.subscribe(channelOf(topic));
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic);
          await subscriber.unsubscribe(channelOf(topic));
        }
      };
    },
    async join(room, member) {
      const stored: StoredMember = { member, instance };
      await command.hset(roomKey(room), member.peer, JSON.stringify(stored));
      let peers = ownPeers.get(room);
      if (!peers) ownPeers.set(room, (peers = new Set()));
      peers.add(member.peer);
    },
    async leave(room, peer) {
      await command.hdel(roomKey(room), peer);
      ownPeers.get(room)?.delete(peer);
    },
    async members(room) {
      const entries = Object.entries(await command.hgetall(roomKey(room))).map(([peer, text]) => ({
        peer,
        stored: JSON.parse(text) as StoredMember,
      }));
      const instances = [...new Set(entries.map((entry) => entry.stored.instance))];
      const alive = new Set<string>();
      if (instances.length) {
        const flags = await command.mget(instances.map((id) => `${PREFIX}instance:${id}`));
        instances.forEach((id, index) => (flags[index] ? alive.add(id) : alive.delete(id)));
      }
      const dead = entries.filter((entry) => !alive.has(entry.stored.instance)).map((entry) => entry.peer);
      if (dead.length) await command.hdel(roomKey(room), ...dead);
      return entries.filter((entry) => alive.has(entry.stored.instance)).map((entry) => entry.stored.member);
    },
    async close() {
      clearInterval(refresher);
      // A clean stop takes its members with it; a killed instance's expire with its key.
      const pipeline = command.pipeline();
      for (const [room, peers] of ownPeers) if (peers.size) pipeline.hdel(roomKey(room), ...peers);
      pipeline.del(instanceKey);
      await pipeline.exec().catch(() => undefined);
      handlers.clear();
      subscriber.disconnect();
      command.disconnect();
    },
  };
}
