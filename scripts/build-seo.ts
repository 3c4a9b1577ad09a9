// Writes dist/web/seo.json after `vite build`: per-route titles, descriptions and keywords in every
// language, taken from the tool registry and the locale files, for the server to put into the HTML
// it returns (crawlers and link previews see real titles) and to list in sitemap.xml.
// Usage: tsx scripts/build-seo.ts [outDir]   (outDir defaults to dist/web)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SEO_MANIFEST_FILE, seoManifestSchema } from '@shared/contracts/seo';
import type { SeoManifest } from '@shared/contracts/seo';
import { buildSeoRoutes, translate } from '@/app/seo-routes';
import type { LocaleResources, SeoTool } from '@/app/seo-routes';
import { seoResources } from '@/app/tool-texts';
import { userCenterSections } from '@/layouts/user-center-sections';
import { tools } from '@/tools/registry';

const DEFAULT_OUT_DIR = process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('../dist/web/', import.meta.url));

export { translate };
export type { LocaleResources, SeoTool };

/** The texts come from renderer/app/seo-routes.ts, the same function the app's head uses after each navigation. */
export function buildSeoManifest(
  toolList: readonly SeoTool[],
  locales: LocaleResources,
  sections: readonly string[] = userCenterSections.map((section) => section.path),
): SeoManifest {
  return seoManifestSchema.parse(buildSeoRoutes(toolList, locales, sections));
}

export async function writeSeoManifest(outDir: string): Promise<string> {
  const file = join(outDir, SEO_MANIFEST_FILE);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(buildSeoManifest(tools, await seoResources()), null, 2)}\n`);
  return file;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const file = await writeSeoManifest(resolve(process.argv[2] ?? DEFAULT_OUT_DIR));
  process.stdout.write(`build-seo: wrote ${file}\n`);
}
