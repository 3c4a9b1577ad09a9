import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathTo, root } from '../../scripts/static-graph';

// Every tool page takes the platform's index before its own chunk; what the index imports
// statically is paid by all of them. The browser archive engine (zip writing and reading, ~5 KB gz)
// is for /compress alone, so it loads with the first archive job.
const index = join(root, 'renderer', 'platform', 'index.ts');
const engine = new Set(['browser-create.ts', 'browser-open.ts'].map((name) => join(root, 'renderer', 'platform', 'archive', name)));

describe("the platform index's first load", () => {
  it('does not take the browser archive engine', () => {
    expect(pathTo(index, (_specifier, file) => file !== undefined && engine.has(file))).toBeUndefined();
  });

  // idb and the reader's databases are for the tools that keep records (`@/platform/storage`);
  // through the index they cost every other tool page ~6 KB gz.
  it('does not take browser storage (idb, the databases)', () => {
    const storage = join(root, 'renderer', 'platform', 'storage');
    expect(pathTo(index, (specifier, file) => specifier === 'idb' || (file?.startsWith(storage) ?? false))).toBeUndefined();
  });

  // The WebDAV client (xmldom's parser, its password store) is for the library's import drawer.
  it('does not take the WebDAV client', () => {
    const webdav = join(root, 'renderer', 'platform', 'webdav', 'website.ts');
    expect(pathTo(index, (specifier, file) => specifier === '@xmldom/xmldom' || file === webdav)).toBeUndefined();
  });

  it('finds a module the index does take (the check above can fail)', () => {
    const browser = join(root, 'renderer', 'platform', 'archive', 'browser.ts');
    expect(pathTo(index, (_specifier, file) => file === browser)).toEqual([
      'renderer/platform/index.ts',
      'renderer/platform/archive/browser.ts',
    ]);
  });
});
