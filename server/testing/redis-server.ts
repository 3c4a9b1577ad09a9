import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** Whether Debian's redis-server is installed; tests that need it skip with a message otherwise. */
export const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  url: string;
  stop(): void;
}

/** A private redis-server on a free loopback port, persistence off: it dies with the test. */
export async function startRedisServer(): Promise<RedisServer> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = false;
  for await (const line of createInterface({ input: redis.stdout })) {
    if (line.includes('Ready to accept connections')) {
      ready = true;
      break;
    }
  }
  if (!ready) throw new Error('redis-server ended before it was ready');
  redis.stdout.resume();
  return { url: `redis://127.0.0.1:${port}`, stop: () => void redis.kill('SIGKILL') };
}
