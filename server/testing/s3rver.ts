import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface S3rverProcess {
  endpoint: string;
  bucket: string;
  /** The server's S3_* settings, as a server process reads them from its environment. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver in a child process on a free loopback port, keeping its objects in `directory`. */
export async function startS3rverProcess(directory: string, bucket = 'baibao'): Promise<S3rverProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/s3rver-child.ts', directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let port: number | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.includes('"s3rver-ready"')) {
      port = (JSON.parse(line) as { port: number }).port;
      break;
    }
  }
  if (port === undefined) throw new Error('s3rver ended before it was ready');
  child.stdout.resume();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
