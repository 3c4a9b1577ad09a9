// postinstall: 7zip-bin publishes its Linux and macOS 7za without the execute bit, so spawning it
// fails with EACCES. Give every bundled 7za mode 0755. Silent and successful when the package is
// absent (a production install without it, or a partial tree) and when the modes are already right.
import { chmod, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../node_modules/7zip-bin/', import.meta.url));

async function binaries() {
  const found = [];
  for (const os of ['linux', 'mac']) {
    const arches = await readdir(join(root, os)).catch(() => []);
    for (const arch of arches) found.push(join(root, os, arch, '7za'));
  }
  return found;
}

for (const path of await binaries()) {
  const info = await stat(path).catch(() => undefined);
  if (info?.isFile() && (info.mode & 0o755) !== 0o755) await chmod(path, 0o755);
}
