import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Whether Debian's coturn (turnserver and its test client) is installed; tests skip with a message otherwise. */
export const hasCoturn = () =>
  spawnSync('sh', ['-c', 'command -v turnserver && command -v turnutils_uclient'], { stdio: 'ignore' }).status === 0;

export interface Coturn {
  port: number;
  /** Everything coturn printed, for a failing test's message. */
  log(): string;
  /** Whether coturn grants an allocation (and relays a few packets) to these REST credentials. */
  allocates(username: string, credential: string): Promise<boolean>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/**
 * A private coturn on loopback with `use-auth-secret`, no TLS, CLI or pid file of its own outside a
 * temp folder, relaying from loopback to peers on loopback. `port`: the one to listen on (a restart
 * of the same server), else a free one.
 */
export async function startCoturn(secret: string, fixedPort?: number): Promise<Coturn> {
  const port = fixedPort ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), 'baibao-coturn-'));
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=baibao',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
      '--log-file=stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let ready = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (/Total General servers/.test(line)) {
      ready = true;
      break;
    }
  }
  if (!ready) throw new Error(`turnserver ended before it was ready (exit ${child.exitCode})\n${log}`);
  // Closing the line reader paused stdout; the log listener keeps it drained.
  child.stdout.resume();
  return {
    port,
    log: () => log,
    allocates: (username, credential) =>
      new Promise((resolve) => {
        // -y: two clients relaying to each other through the server; exit 0 only when both allocated.
        execFile(
          'turnutils_uclient',
          ['-y', '-n', '1', '-m', '1', '-u', username, '-w', credential, '-p', String(port), '127.0.0.1'],
          { timeout: 30_000 },
          (error) => resolve(!error),
        );
      }),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
