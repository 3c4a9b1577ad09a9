import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEAN_IMPORTS, antdLean } from './antd-lean-plugin';
import type { LeanImport } from './antd-lean-plugin';

const root = fileURLToPath(new URL('..', import.meta.url));
const nodeModules = join(root, 'node_modules');
const require = createRequire(join(root, 'package.json'));

/** The names a file imports from `source` (`default` for a default import). */
function importedNames(file: string, source: string): string[] {
  const text = readFileSync(file, 'utf8');
  const quoted = source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s+([^;]*?)\\s+from\\s+['"]${quoted}['"]`).exec(text);
  if (!statement) return [];
  const clause = statement[1]!;
  const names =
    /\{([^}]*)\}/
      .exec(clause)?.[1]
      ?.split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0]!)
      .filter(Boolean) ?? [];
  return /^[A-Za-z_$][\w$]*/.test(clause) ? ['default', ...names] : names;
}

/** Whether a module's text exports `name`. */
function exportsName(text: string, name: string): boolean {
  if (name === 'default') return /export\s+default\b/.test(text);
  return new RegExp(`export\\s+(?:const|let|class|function)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
}

const targetFile = (lean: LeanImport) => {
  if (lean.target.startsWith('/')) return lean.target;
  const pkgDir = lean.target.startsWith('@') ? lean.target.split('/').slice(0, 2).join('/') : lean.target.split('/')[0]!;
  return join(nodeModules, pkgDir, `${lean.target.slice(pkgDir.length + 1)}.js`);
};

describe('antd-lean: the imports it points elsewhere', () => {
  it.each(LEAN_IMPORTS.map((lean) => [`${lean.importer} → ${lean.source}`, lean] as const))('%s still occurs', (_, lean) => {
    expect(importedNames(join(nodeModules, lean.importer), lean.source).length).toBeGreaterThan(0);
  });

  it.each(LEAN_IMPORTS.map((lean) => [`${lean.importer} → ${lean.target.replace(root, '')}`, lean] as const))(
    '%s: the replacement exports every name the importer takes',
    (_, lean) => {
      const text = readFileSync(targetFile(lean), 'utf8');
      for (const name of importedNames(join(nodeModules, lean.importer), lean.source)) expect(exportsName(text, name), name).toBe(true);
    },
  );

  it("a library's module stands in for its index only where the index re-exports that very module", () => {
    for (const lean of LEAN_IMPORTS.filter((entry) => !entry.target.startsWith('/'))) {
      const index = require.resolve(lean.source).replace(/[/\\]lib[/\\]index\.js$/, '/es/index.js');
      const relative = `./${lean.target.slice(lean.source.length + 1).replace(/^es\//, '')}`;
      expect(readFileSync(index, 'utf8'), `${lean.source} → ${relative}`).toMatch(
        new RegExp(`from\\s+["']${relative.replace('.', '\\.')}["']`),
      );
      expect(dirname(index)).toBe(dirname(targetFile(lean)));
    }
  });
});

describe('antd-lean plugin', () => {
  type Handler = (this: unknown, source: string, importer?: string) => Promise<unknown>;
  const setUp = () => {
    const plugin = antdLean(LEAN_IMPORTS);
    (plugin.configResolved as (config: unknown) => void)({ command: 'build', build: { ssr: false } });
    const hook = plugin.resolveId as unknown as { filter: { id: RegExp }; handler: Handler };
    const errors: string[] = [];
    const context = {
      resolve: (id: string) => Promise.resolve({ id: `/resolved/${id}` }),
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    const resolve = (source: string, importer: string) => hook.handler.call(context, source, importer);
    const end = () => (plugin.buildEnd as (this: unknown, error?: Error) => void).call(context);
    return { hook, resolve, end, errors };
  };

  it('points a listed import at its replacement, and leaves the same specifier from another file alone', async () => {
    const { hook, resolve } = setUp();
    expect(hook.filter.id.test('@rc-component/form')).toBe(true);
    expect(hook.filter.id.test('@rc-component/form/es/Field')).toBe(false);
    expect(await resolve('@rc-component/form', '/x/node_modules/antd/es/form/context.js')).toEqual({
      id: '/resolved/@rc-component/form/es/FormContext',
    });
    expect(await resolve('@rc-component/form', '/x/node_modules/antd/es/form/Form.js')).toBeNull();
    expect(await resolve('../tooltip/UniqueProvider', '/x/node_modules/antd/es/config-provider/index.js')).toMatch(
      /renderer\/lib\/antd-lean\/unique-provider-off\.tsx$/,
    );
  });

  it('fails the build when a listed import no longer occurs', async () => {
    const { resolve, end, errors } = setUp();
    for (const lean of LEAN_IMPORTS.slice(1)) await resolve(lean.source, `/x/node_modules/${lean.importer}`);
    expect(end).toThrow(/no longer occur/);
    expect(errors[0]).toContain(LEAN_IMPORTS[0]!.importer);
  });

  it('passes the build when each one occurred', async () => {
    const { resolve, end } = setUp();
    for (const lean of LEAN_IMPORTS) await resolve(lean.source, `/x/node_modules/${lean.importer}`);
    expect(end).not.toThrow();
  });
});
