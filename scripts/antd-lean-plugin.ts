import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * One import inside antd (or a library antd uses) that drags in far more than the importer uses,
 * pointed at a module that holds only what it uses. Each is measured in docs/decisions.md#first-load
 * ("Fifth round (tool-page baseline)").
 */
export interface LeanImport {
  /** The importing file, as a path suffix under node_modules. */
  importer: string;
  /** The import specifier as written in that file. */
  source: string;
  /** What to load instead: a bare specifier resolved from the importer, or an absolute path. */
  target: string;
  /** Why the original import costs so much, and why the replacement is the same thing. */
  why: string;
}

const shim = (name: string) => fileURLToPath(new URL(`../renderer/lib/antd-lean/${name}`, import.meta.url));

export const LEAN_IMPORTS: readonly LeanImport[] = [
  {
    importer: 'antd/es/form/context.js',
    source: '@rc-component/form',
    target: '@rc-component/form/es/FormContext',
    why:
      "Form's context (reached by Input, Checkbox, Radio, Select and every popup's ContextIsolator) takes FormProvider " +
      "from rc-form's index, whose static properties (Form.Field = Field …) keep the whole of rc-form and async-validator; " +
      'FormProvider is defined in es/FormContext, the very module the index re-exports',
  },
  {
    importer: 'antd/es/config-provider/index.js',
    source: '../tooltip/UniqueProvider',
    target: shim('unique-provider-off.tsx'),
    why:
      'ConfigProvider renders the tooltip UniqueProvider only with `tooltip.unique` (AntdScope never sets it), but imports ' +
      'it, and with it rc-trigger, on every page',
  },
  {
    importer: 'antd/es/button/style/token.js',
    source: '../../color-picker/components/ColorPresets',
    target: shim('is-bright.ts'),
    why:
      "Button's token takes one function, isBright, from ColorPicker's presets panel, which imports Collapse (its code and " +
      'style) with it',
  },
  {
    importer: 'antd/es/color-picker/color.js',
    source: '@rc-component/color-picker',
    target: '@rc-component/color-picker/es/color',
    why: "antd's colour value (Button's token uses it) takes only the Color class from the picker's index, which is the whole picker",
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const normalise = (path: string) => path.replaceAll('\\', '/').replace(/\?.*$/, '');

/**
 * Points the imports in LEAN_IMPORTS at their lean modules. A production build fails when one of
 * them no longer occurs (antd moved on: review the list rather than carry a redirect that does
 * nothing or, worse, something else).
 */
export function antdLean(imports: readonly LeanImport[] = LEAN_IMPORTS): Plugin {
  const used = new Set<LeanImport>();
  let checkOnEnd = false;
  return {
    name: 'baibao-antd-lean',
    enforce: 'pre',
    configResolved(config) {
      checkOnEnd = config.command === 'build' && !config.build.ssr;
    },
    resolveId: {
      // Only these specifiers reach the handler (the bundler filters them without calling into JS).
      filter: { id: new RegExp(`^(?:${imports.map((entry) => escapeRegExp(entry.source)).join('|')})$`) },
      async handler(source, importer) {
        if (!importer) return null;
        const from = normalise(importer);
        const lean = imports.find((entry) => entry.source === source && from.endsWith(`/node_modules/${entry.importer}`));
        if (!lean) return null;
        used.add(lean);
        if (lean.target.startsWith('/')) return lean.target;
        const resolved = await this.resolve(lean.target, importer, { skipSelf: true });
        if (!resolved) this.error(`antd-lean: cannot resolve ${lean.target} from ${lean.importer}`);
        return resolved;
      },
    },
    buildEnd(error) {
      if (!checkOnEnd || error) return;
      const stale = imports.filter((entry) => !used.has(entry));
      if (stale.length > 0) {
        this.error(
          `antd-lean: these imports no longer occur, review scripts/antd-lean-plugin.ts: ${stale
            .map((entry) => `${entry.importer} → ${entry.source}`)
            .join(', ')}`,
        );
      }
    },
  };
}
