import type { LiveMember } from '@shared/contracts/live';

export type Unsubscribe = () => Promise<void>;

/**
 * How live messages reach every instance (docs/architecture.md "Live messages"). In-process by
 * default; Redis pub/sub when REDIS_URL is set (redis-bus.ts), so a module never knows how many
 * instances run. Messages are JSON: what a handler receives went through JSON on both buses.
 */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: (message: unknown) => void): Promise<Unsubscribe>;
  /** Room membership across instances: a peer belongs to the instance that holds its connection. */
  join(room: string, member: LiveMember): Promise<void>;
  leave(room: string, peer: string): Promise<void>;
  members(room: string): Promise<LiveMember[]>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const rooms = new Map<string, Map<string, LiveMember>>();
  return {
    async publish(topic, message) {
      const text = JSON.stringify(message);
      // Asynchronous like Redis, so no module comes to rely on delivery inside publish().
      for (const handler of handlers.get(topic) ?? []) queueMicrotask(() => handler(JSON.parse(text)));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(topic);
      };
    },
    async join(room, member) {
      let members = rooms.get(room);
      if (!members) rooms.set(room, (members = new Map()));
      members.set(member.peer, member);
    },
    async leave(room, peer) {
      const members = rooms.get(room);
      members?.delete(peer);
      if (members?.size === 0) rooms.delete(room);
    },
    async members(room) {
      return [...(rooms.get(room)?.values() ?? [])];
    },
    async close() {
      handlers.clear();
      rooms.clear();
    },
  };
}
