import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** The module the English card texts of every tool come from: one chunk, loaded when English is needed. */
export const ENGLISH_TOOL_TEXTS = 'virtual:english-tool-texts';
const RESOLVED = `\0${ENGLISH_TOOL_TEXTS}`;
const META_FILE = /[\\/]renderer[\\/]tools[\\/]([^\\/]+)[\\/]meta\.ts$/;

interface ToolTexts {
  title: string;
  description: string;
}
type Meta = { cn: ToolTexts; en: ToolTexts };

/** meta.ts is plain data (an object literal), so Node reads it as it is (type stripping); the query skips Node's cache. */
async function readMeta(file: string): Promise<Meta> {
  const module = (await import(`${pathToFileURL(file).href}?t=${Date.now()}`)) as { meta: Meta };
  return module.meta;
}

/** meta.ts with its `en` half read from the English chunk (renderer/i18n/english-tool-texts.ts) once loaded. */
export async function splitMeta(file: string, folder: string): Promise<string> {
  const { cn } = await readMeta(file);
  return [
    `import { englishToolTexts } from '@/i18n/english-tool-texts';`,
    `const cn = ${JSON.stringify(cn)};`,
    `export const meta = { cn, get en() { return englishToolTexts(${JSON.stringify(folder)}, cn); } };`,
  ].join('\n');
}

const toolFolders = (toolsDir: string) => readdirSync(toolsDir).filter((folder) => existsSync(join(toolsDir, folder, 'meta.ts')));

/** Every tool's English title and description, by the tool's folder name. */
export async function englishTexts(toolsDir: string): Promise<Record<string, ToolTexts>> {
  const folders = toolFolders(toolsDir);
  const metas = await Promise.all(folders.map((folder) => readMeta(join(toolsDir, folder, 'meta.ts'))));
  return Object.fromEntries(folders.map((folder, index) => [folder, metas[index]!.en]));
}

/**
 * The home page shows ~30 tool cards, and their titles and descriptions in both languages were 7.3 KB
 * gz of its first load, Chinese alone 4.0 KB. Each tool's meta.ts keeps both languages (one file to
 * edit, scripts and tests read it as it is); in the app, its `en` half moves to one chunk of its own
 * that the router loads before an English page opens and the search loads with its index
 * (renderer/i18n/english-tool-texts.ts). `split: false` (unit tests) leaves meta.ts whole and only
 * answers the English module.
 */
export function toolTexts({ toolsDir, split = true }: { toolsDir: string; split?: boolean }): Plugin {
  return {
    name: 'baibao-tool-texts',
    enforce: 'pre',
    resolveId: (id) => (id === ENGLISH_TOOL_TEXTS ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      for (const folder of toolFolders(toolsDir)) this.addWatchFile(join(toolsDir, folder, 'meta.ts'));
      return `export default ${JSON.stringify(await englishTexts(toolsDir))};`;
    },
    async transform(_code, id) {
      const match = split ? META_FILE.exec(id) : null;
      if (!match) return undefined;
      return { code: await splitMeta(id, match[1]!), map: null };
    },
  };
}
