import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_TOPIC_IDS } from '../renderer/tools/topics';
import { createTool, registerTool } from './new-tool';

const toolsDir = resolve(import.meta.dirname, '../renderer/tools');
/** The registry as it is today: the generator must keep its layout, not just handle a toy one. */
const realRegistry = readFileSync(join(toolsDir, 'registry.ts'), 'utf8');

/** A project root holding a copy of the real registry and the real tools' tool.ts files. */
function projectCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'new-tool-'));
  const target = join(root, 'renderer/tools');
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'registry.ts'), realRegistry);
  cpSync(resolve(import.meta.dirname, '../.prettierrc.json'), join(root, '.prettierrc.json'));
  for (const entry of readdirSync(toolsDir, { withFileTypes: true })) {
    if (entry.isDirectory()) cpSync(join(toolsDir, entry.name, 'tool.ts'), join(target, entry.name, 'tool.ts'));
  }
  return root;
}

/** A spec route no tool has yet, or (once every one has its tool) any: the generator reads its topic id from the spec either way. */
const usedPaths = new Set(
  readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => /path: '([^']+)'/.exec(readFileSync(join(toolsDir, entry.name, 'tool.ts'), 'utf8'))?.[1]),
);
const specPaths = Object.keys(SPEC_TOPIC_IDS);
const freeSpecPath = specPaths.find((path) => !usedPaths.has(path)) ?? specPaths[0]!;

const changedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
};

describe('new:tool generator', () => {
  it('adds one import and one entry to the real registry, one entry per line as the formatter keeps it', () => {
    const next = registerTool(realRegistry, 'generator-probe');
    const added = changedLines(realRegistry, next);
    expect(added).toEqual(["import generatorProbe from './generator-probe/tool';", '  generatorProbe,']);
    expect(next).toMatch(/ {2}generatorProbe,\n\] as const;/);
    expect(() => registerTool(next, 'generator-probe')).toThrow(/already registered/);
  });

  it('writes a tool folder with the spec topic id, or the next free one, formatted, and registers it', async () => {
    const root = projectCopy();
    const written = await createTool({
      id: 'spec-probe',
      path: freeSpecPath as `/${string}`,
      group: 'image',
      titleCn: '探针',
      titleEn: 'Probe',
      root,
    });
    expect(readdirSync(join(root, 'renderer/tools/spec-probe')).sort()).toEqual([
      'SpecProbePage.tsx',
      'locales.ts',
      'meta.ts',
      'search.ts',
      'spec-probe.e2e.ts',
      'spec-probe.service.test.ts',
      'spec-probe.service.ts',
      'tool.ts',
    ]);
    expect(written).toContain('renderer/tools/registry.ts');
    const tool = readFileSync(join(root, 'renderer/tools/spec-probe/tool.ts'), 'utf8');
    expect(tool).toContain(`path: '${freeSpecPath}'`);
    expect(tool).toContain(`topicId: ${SPEC_TOPIC_IDS[freeSpecPath]},`);
    expect(tool).not.toContain('capabilities');
    // A local tool's e2e fails when its page sends file content anywhere (issue 12: privacy is tested).
    expect(readFileSync(join(root, 'renderer/tools/spec-probe/spec-probe.e2e.ts'), 'utf8')).toMatch(
      /^import \{ expect, test \} from '\.\.\/\.\.\/\.\.\/e2e\/privacy';$/m,
    );
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toMatch(/\n {2}specProbe,\n\] as const;/);
    const check = spawnSync(resolve(import.meta.dirname, '../node_modules/.bin/prettier'), ['--check', ...written], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);

    // Beyond the spec: one past every number the spec and the registered tools use.
    await createTool({ id: 'generator-probe', path: '/probe/thing', group: 'toolbox', titleCn: '演示', titleEn: 'Demo', root });
    const registeredTopics = readdirSync(toolsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => Number(/topicId: (\d+)/.exec(readFileSync(join(toolsDir, entry.name, 'tool.ts'), 'utf8'))?.[1] ?? 0));
    const specMax = Math.max(...Object.values(SPEC_TOPIC_IDS), ...registeredTopics);
    expect(readFileSync(join(root, 'renderer/tools/generator-probe/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 1},`);
    await createTool({ id: 'probe-other', path: '/probe/other', group: 'toolbox', titleCn: '演示二', titleEn: 'Demo two', root });
    expect(readFileSync(join(root, 'renderer/tools/probe-other/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 2},`);
  });

  it('rejects a bad id, path or group without writing anything', async () => {
    const root = projectCopy();
    const before = readdirSync(join(root, 'renderer/tools')).sort();
    await expect(createTool({ id: 'Bad Id', path: '/x', group: 'image', titleCn: 'x', titleEn: 'x', root })).rejects.toThrow();
    await expect(createTool({ id: 'ok-id', path: 'no-slash', group: 'image', titleCn: 'x', titleEn: 'x', root })).rejects.toThrow();
    expect(readdirSync(join(root, 'renderer/tools')).sort()).toEqual(before);
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toBe(realRegistry);
  });
});
