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
  for (const entry of readdirSync(toolsDir, { withFileTypes: true })) {
    if (entry.isDirectory()) cpSync(join(toolsDir, entry.name, 'tool.ts'), join(target, entry.name, 'tool.ts'));
  }
  return root;
}

/** Spec routes no tool has yet, so the test holds as tools are added. */
const usedPaths = new Set(
  readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => /path: '([^']+)'/.exec(readFileSync(join(toolsDir, entry.name, 'tool.ts'), 'utf8'))?.[1]),
);
const freeSpecPath = Object.keys(SPEC_TOPIC_IDS).find((path) => !usedPaths.has(path))!;

const changedLines = (before: string, after: string) => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
};

describe('new:tool generator', () => {
  it('adds one import and one entry to the real registry, keeping its layout and line length', () => {
    const next = registerTool(realRegistry, 'generator-probe');
    const added = changedLines(realRegistry, next);
    expect(added[0]).toBe("import generatorProbe from './generator-probe/tool';");
    // The list's last line gains the entry (or it goes on a line of its own); nothing else moves.
    expect(added).toHaveLength(2);
    expect(added[1]).toMatch(/^ {2}(\S.* )?generatorProbe,$/);
    expect(next.split('\n').length - realRegistry.split('\n').length).toBeLessThanOrEqual(2);
    for (const line of next.split('\n')) expect(line.length, line).toBeLessThanOrEqual(160);
    expect(() => registerTool(next, 'generator-probe')).toThrow(/already registered/);
  });

  it('starts a new line when the last one is full', () => {
    const full = `import a from './a/tool';\n\nexport const tools = [\n  ${Array.from({ length: 13 }, (_, index) => `someLongToolName${index}`).join(', ')},\n] as const;\n`;
    const next = registerTool(full, 'generator-probe');
    expect(next).toMatch(/someLongToolName12,\n {2}generatorProbe,\n\] as const;/);
  });

  it('writes a tool folder with the spec topic id, or the next free one, and registers it', () => {
    const root = projectCopy();
    const written = createTool({ id: 'spec-probe', path: freeSpecPath as `/${string}`, group: 'image', titleCn: '探针', titleEn: 'Probe', root });
    expect(readdirSync(join(root, 'renderer/tools/spec-probe')).sort()).toEqual([
      'SpecProbePage.tsx', 'locales.ts', 'meta.ts', 'spec-probe.e2e.ts', 'spec-probe.service.test.ts', 'spec-probe.service.ts', 'tool.ts',
    ]);
    expect(written).toContain('renderer/tools/registry.ts');
    const tool = readFileSync(join(root, 'renderer/tools/spec-probe/tool.ts'), 'utf8');
    expect(tool).toContain(`path: '${freeSpecPath}'`);
    expect(tool).toContain(`topicId: ${SPEC_TOPIC_IDS[freeSpecPath]},`);
    expect(tool).not.toContain('capabilities');
    // A local tool's e2e fails when its page sends file content anywhere (issue 12: privacy is tested).
    expect(readFileSync(join(root, 'renderer/tools/spec-probe/spec-probe.e2e.ts'), 'utf8')).toMatch(/^import \{ expect, test \} from '\.\.\/\.\.\/\.\.\/e2e\/privacy';$/m);
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toMatch(/, specProbe,\n\] as const;/);

    // Beyond the spec: one past every number the spec and the registered tools use.
    createTool({ id: 'generator-probe', path: '/probe/thing', group: 'toolbox', titleCn: '演示', titleEn: 'Demo', root });
    const registeredTopics = readdirSync(toolsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => Number(/topicId: (\d+)/.exec(readFileSync(join(toolsDir, entry.name, 'tool.ts'), 'utf8'))?.[1] ?? 0));
    const specMax = Math.max(...Object.values(SPEC_TOPIC_IDS), ...registeredTopics);
    expect(readFileSync(join(root, 'renderer/tools/generator-probe/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 1},`);
    createTool({ id: 'probe-other', path: '/probe/other', group: 'toolbox', titleCn: '演示二', titleEn: 'Demo two', root });
    expect(readFileSync(join(root, 'renderer/tools/probe-other/tool.ts'), 'utf8')).toContain(`topicId: ${specMax + 2},`);
  });

  it('rejects a bad id, path or group without writing anything', () => {
    const root = projectCopy();
    const before = readdirSync(join(root, 'renderer/tools')).sort();
    expect(() => createTool({ id: 'Bad Id', path: '/x', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(() => createTool({ id: 'ok-id', path: 'no-slash', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(readdirSync(join(root, 'renderer/tools')).sort()).toEqual(before);
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toBe(realRegistry);
  });
});
