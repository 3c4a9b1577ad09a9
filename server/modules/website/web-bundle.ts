import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { SEO_MANIFEST_FILE, seoManifestSchema } from '@shared/contracts/seo';
import type { SeoManifest } from '@shared/contracts/seo';

export const INDEX_FILE = 'index.html';

export interface WebBundle {
  template: string;
  manifest: SeoManifest;
}

async function fingerprint(file: string): Promise<string | undefined> {
  try {
    const { mtimeMs, size } = await stat(file);
    return `${mtimeMs}:${size}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads index.html and seo.json from the built website, again only when either file changed, so a
 * `npm run build:web` while the server runs is picked up. Resolves undefined until both exist.
 */
export function createWebBundleLoader(webDir: string): () => Promise<WebBundle | undefined> {
  const indexFile = join(webDir, INDEX_FILE);
  const manifestFile = join(webDir, SEO_MANIFEST_FILE);
  let cached: { stamp: string; bundle: WebBundle } | undefined;

  return async () => {
    const stamps = await Promise.all([fingerprint(indexFile), fingerprint(manifestFile)]);
    if (stamps.includes(undefined)) return undefined;
    const stamp = stamps.join('|');
    if (cached?.stamp === stamp) return cached.bundle;

    const [template, manifestText] = await Promise.all([readFile(indexFile, 'utf8'), readFile(manifestFile, 'utf8')]);
    const parsed = seoManifestSchema.safeParse(JSON.parse(manifestText));
    if (!parsed.success) throw new Error(`${manifestFile} is invalid:\n${z.prettifyError(parsed.error)}`);
    cached = { stamp, bundle: { template, manifest: parsed.data } };
    return cached.bundle;
  };
}
