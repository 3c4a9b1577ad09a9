import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTool, registerTool } from './new-tool';

const registry = `import fileHasher from './file-hasher/tool';

/** The one list of tools. */
export const tools = [fileHasher] as const;
`;

describe('new:tool generator', () => {
  it('adds one import and one entry to the registry', () => {
    const next = registerTool(registry, 'image-compress');
    expect(next).toContain("import fileHasher from './file-hasher/tool';\nimport imageCompress from './image-compress/tool';");
    expect(next).toContain('export const tools = [fileHasher, imageCompress] as const;');
    expect(() => registerTool(next, 'image-compress')).toThrow(/already registered/);
  });

  it('writes the five files of a tool folder and registers it', () => {
    const root = mkdtempSync(join(tmpdir(), 'new-tool-'));
    mkdirSync(join(root, 'renderer/tools'), { recursive: true });
    writeFileSync(join(root, 'renderer/tools/registry.ts'), registry);
    const written = createTool({ id: 'text-disorder', path: '/text/disorder', group: 'text-file', titleCn: '汉字乱序', titleEn: 'Word shuffler', root });
    expect(readdirSync(join(root, 'renderer/tools/text-disorder')).sort()).toEqual([
      'TextDisorderPage.tsx', 'locales.ts', 'meta.ts', 'text-disorder.e2e.ts', 'text-disorder.service.test.ts', 'text-disorder.service.ts', 'tool.ts',
    ]);
    expect(written).toContain('renderer/tools/registry.ts');
    expect(readFileSync(join(root, 'renderer/tools/text-disorder/tool.ts'), 'utf8')).toContain("path: '/text/disorder'");
    expect(readFileSync(join(root, 'renderer/tools/registry.ts'), 'utf8')).toContain('[fileHasher, textDisorder]');
  });

  it('rejects a bad id, path or group without writing anything', () => {
    const root = mkdtempSync(join(tmpdir(), 'new-tool-'));
    mkdirSync(join(root, 'renderer/tools'), { recursive: true });
    writeFileSync(join(root, 'renderer/tools/registry.ts'), registry);
    expect(() => createTool({ id: 'Bad Id', path: '/x', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(() => createTool({ id: 'ok-id', path: 'no-slash', group: 'image', titleCn: 'x', titleEn: 'x', root })).toThrow();
    expect(readdirSync(join(root, 'renderer/tools'))).toEqual(['registry.ts']);
  });
});
