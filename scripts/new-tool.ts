// `npm run new:tool -- <tool-id> --path /group/name --group <group> [--title-cn 标题] [--title-en Title]`
// Writes the files of a tool folder and adds it to the registry; the result passes typecheck, lint
// and the unit and e2e suites as generated.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { z } from 'zod';
import { SPEC_TOPIC_IDS } from '../renderer/tools/topics';
import { TOOL_GROUPS } from '../renderer/tools/types';

const optionsSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'tool id is kebab-case, e.g. image-compress'),
  path: z.string().regex(/^(\/[a-zA-Z0-9-]+)+$/, 'path looks like /image/compress'),
  group: z.enum(TOOL_GROUPS),
  titleCn: z.string().min(1),
  titleEn: z.string().min(1),
  root: z.string(),
});
export type NewToolOptions = z.infer<typeof optionsSchema>;

/** Lines longer than this are wrapped (the project's line length). */

const pascal = (id: string) =>
  id
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
const camel = (id: string) => pascal(id)[0]!.toLowerCase() + pascal(id).slice(1);

/**
 * The spec route's topic id, or one past every number in use (the spec's and the registered
 * tools'), so a tool beyond the spec never takes a number the spec has given another route.
 */
export function nextTopicId(path: string, toolsDir: string): number {
  const specId = SPEC_TOPIC_IDS[path];
  if (specId !== undefined) return specId;
  const used = readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(toolsDir, entry.name, 'tool.ts')))
    .map((entry) => Number(/\btopicId: (\d+)/.exec(readFileSync(join(toolsDir, entry.name, 'tool.ts'), 'utf8'))?.[1] ?? 0));
  return Math.max(...Object.values(SPEC_TOPIC_IDS), ...used) + 1;
}

function files({ id, path, group, titleCn, titleEn }: NewToolOptions, topicId: number): Record<string, string> {
  const Page = `${pascal(id)}Page`;
  const today = new Date().toISOString().slice(0, 10);
  return {
    'tool.ts': `import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: '${id}',
  path: '${path}',
  group: '${group}',
  icon: ToolOutlined,
  topicId: ${topicId},
  createdAt: '${today}',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./${Page}'),
});
`,
    'meta.ts': `/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '${titleCn}',
    description: '${titleCn}',
  },
  en: {
    title: '${titleEn}',
    description: '${titleEn}',
  },
};
`,
    'search.ts': `import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '${titleCn}',
    en: '${titleEn}',
  },
  aliases: { cn: [], en: [] },
} satisfies ToolSearchWords;
`,
    'locales.ts': `import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  inputLabel: '输入',
  outputLabel: '结果',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  inputLabel: 'Input',
  outputLabel: 'Output',
};
`,
    [`${Page}.tsx`]: `import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ${camel(id)} } from './${id}.service';

export default function ${Page}() {
  const { t } = useTranslation('${id}');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea aria-label={t('inputLabel')} value={input} onChange={(event) => setInput(event.target.value)} data-testid="${id}-input" />
      <Input.TextArea aria-label={t('outputLabel')} value={${camel(id)}(input)} readOnly data-testid="${id}-output" />
    </Card>
  );
}
`,
    [`${id}.service.ts`]: `/** The tool's pure logic: no DOM, no React, testable under Node. */
export function ${camel(id)}(input: string): string {
  return input.trim();
}
`,
    [`${id}.service.test.ts`]: `import { describe, expect, it } from 'vitest';
import { ${camel(id)} } from './${id}.service';

describe('${id} service', () => {
  it('trims its input', () => {
    expect(${camel(id)}('  x  ')).toBe('x');
  });
});
`,
    [`${id}.e2e.ts`]: `import { expect, test } from '../../../e2e/privacy';

test('${id} opens with its title', async ({ page }) => {
  await page.goto('${path}');
  await expect(page).toHaveTitle('${titleCn} - 百宝箱');
});
`,
  };
}

/** Adds `import x from './<id>/tool'` after the last import and the entry at the end of the list. Refuses to register twice. */
export function registerTool(registrySource: string, id: string): string {
  const variable = camel(id);
  if (registrySource.includes(`'./${id}/tool'`)) throw new Error(`${id} is already registered`);
  const withImport = registrySource.replace(/^(import [^\n]+\n)(?!import )/m, `$1import ${variable} from './${id}/tool';\n`);
  const withEntry = withImport.replace(/export const tools = \[([^\]]*)\] as const;/, (_match, list: string) => {
    const entries = list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return `export const tools = [\n${[...entries, variable].map((entry) => `  ${entry},`).join('\n')}\n] as const;`;
  });
  if (withEntry === withImport) throw new Error('could not find `export const tools = [...] as const;` in the registry');
  return withEntry;
}

/** Written the way `prettier --check` (part of lint) wants it, so a generated tool passes lint as generated. */
async function formatted(path: string, source: string): Promise<string> {
  const config = await prettier.resolveConfig(path);
  return prettier.format(source, { ...config, filepath: path });
}

export async function createTool(options: NewToolOptions): Promise<string[]> {
  const parsed = optionsSchema.parse(options);
  const toolsDir = join(parsed.root, 'renderer/tools');
  const folder = join(toolsDir, parsed.id);
  if (existsSync(folder)) throw new Error(`renderer/tools/${parsed.id} already exists`);
  const registryPath = join(toolsDir, 'registry.ts');
  const registry = await formatted(registryPath, registerTool(readFileSync(registryPath, 'utf8'), parsed.id));
  const topicId = nextTopicId(parsed.path, toolsDir);
  const contents = await Promise.all(
    Object.entries(files(parsed, topicId)).map(async ([name, content]) => [name, await formatted(join(folder, name), content)] as const),
  );
  mkdirSync(folder, { recursive: true });
  const written = contents.map(([name, content]) => {
    writeFileSync(join(folder, name), content);
    return join('renderer/tools', parsed.id, name);
  });
  writeFileSync(registryPath, registry);
  return [...written, 'renderer/tools/registry.ts'];
}

// Run as a command (not when the test imports it).
if (process.argv[1]?.endsWith('new-tool.ts')) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { path: { type: 'string' }, group: { type: 'string' }, 'title-cn': { type: 'string' }, 'title-en': { type: 'string' } },
  });
  const id = positionals[0] ?? '';
  try {
    const written = await createTool({
      id,
      path: values.path ?? '',
      group: values.group as NewToolOptions['group'],
      titleCn: values['title-cn'] ?? id,
      titleEn: values['title-en'] ?? id,
      root: resolve(import.meta.dirname, '..'),
    });
    process.stdout.write(`created:\n${written.map((file) => `  ${file}`).join('\n')}\n`);
  } catch (error) {
    const message =
      error instanceof z.ZodError ? error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n') : String(error);
    process.stderr.write(
      `new:tool: ${message}\nusage: npm run new:tool -- <tool-id> --path /group/name --group <${TOOL_GROUPS.join('|')}> [--title-cn 标题] [--title-en Title]\n`,
    );
    process.exit(1);
  }
}
