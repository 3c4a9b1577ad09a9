import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Real WebDAV servers on loopback for the desktop client's tests, serving a folder the test fills:
 * Debian's `rclone serve webdav` (Basic login, ETags) and nginx with dav-ext (no ETags at all, the
 * real "server without ETags"). Each returns undefined with the reason when its binary is missing,
 * for the test to skip with that message.
 */

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const hasBinary = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

export const NGINX_DAV_EXT = '/usr/lib/nginx/modules/ngx_http_dav_ext_module.so';

export function rcloneMissing(): string | undefined {
  return hasBinary('rclone') ? undefined : 'rclone is not installed (apt-get install -y rclone)';
}

export function nginxMissing(): string | undefined {
  if (!hasBinary('nginx')) return 'nginx is not installed (apt-get install -y nginx-light libnginx-mod-http-dav-ext)';
  if (!existsSync(NGINX_DAV_EXT)) return 'nginx has no dav-ext module (apt-get install -y libnginx-mod-http-dav-ext)';
  return undefined;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `rclone serve webdav <root>` with one Basic login; the URL is the served folder. */
export async function startRclone(root: string, user: string, password: string): Promise<RunningServer> {
  const child = spawn('rclone', ['serve', 'webdav', root, '--addr', '127.0.0.1:0', '--user', user, '--pass', password], {
    env: { ...process.env, RCLONE_CONFIG: '/nonexistent/rclone.conf' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for await (const line of createInterface({ input: child.stderr! })) {
    const url = /started on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) {
      child.stderr!.resume();
      return { url, stop: () => stopChild(child) };
    }
  }
  throw new Error(`rclone ended before it listened (exit code ${child.exitCode})`);
}

/** nginx serving `root` at /dav/ with dav-ext's PROPFIND, no login; its own config and temp folders under `work`. */
export async function startNginx(root: string, work: string): Promise<RunningServer> {
  const port = await freePort();
  await mkdir(join(work, 'body'), { recursive: true });
  const config = join(work, 'nginx.conf');
  await writeFile(
    config,
    `load_module ${NGINX_DAV_EXT};
daemon off;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'error.log')};
events {}
http {
  access_log off;
  client_body_temp_path ${join(work, 'body')};
  proxy_temp_path ${join(work, 'body')};
  fastcgi_temp_path ${join(work, 'body')};
  uwsgi_temp_path ${join(work, 'body')};
  scgi_temp_path ${join(work, 'body')};
  server {
    listen 127.0.0.1:${port};
    location /dav/ {
      alias ${root}/;
      dav_ext_methods PROPFIND OPTIONS;
    }
  }
}
`,
  );
  const child = spawn('nginx', ['-c', config, '-p', work, '-e', join(work, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/dav/`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url, { method: 'OPTIONS' });
      return { url, stop: () => stopChild(child) };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stopChild(child);
  throw new Error(`nginx did not start on ${url}`);
}
