import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { testDatabaseSettings } from './test-database';

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The real server in a process of its own (testing/live-instance.ts), configured by its
 * environment alone, as in production: for what only a process can have (NODE_EXTRA_CA_CERTS read
 * at start, several instances). On DATA_DIR `dataDir`, with that folder's own PostgreSQL database
 * on the PostgreSQL pass unless `env` names a DATABASE_URL.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const { databaseUrl } = await testDatabaseSettings(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/live-instance.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let port: number | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.includes('"live-ready"')) {
      port = (JSON.parse(line) as { port: number }).port;
      break;
    }
  }
  if (port === undefined) throw new Error(`server process ended before it listened (exit code ${child.exitCode})`);
  child.stdout.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
