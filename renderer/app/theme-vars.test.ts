import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';

// The shell draws itself with these variables instead of antd's runtime: they must stay antd's values.
const css = readFileSync(new URL('./theme-vars.css', import.meta.url), 'utf8');

function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const vars = new Map<string, string>();
  for (const match of body.matchAll(/--bb-([a-z0-9-]+):([^;]+);/g)) vars.set(match[1]!, match[2]!);
  return vars;
}

/** --bb-border-radius-lg → borderRadiusLG, --bb-color-text → colorText */
function tokenName(variable: string): string {
  return variable
    .replace(/-(sm|lg)$/, (_, size: string) => size.toUpperCase())
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

const normalise = (value: unknown) =>
  String(typeof value === 'number' && !Number.isInteger(value) ? value : value)
    .replace(/\s+/g, '')
    .toLowerCase();
/** Lengths are written with px in CSS, unitless in the token. */
const PX = new Set([
  'borderRadiusSM',
  'borderRadius',
  'borderRadiusLG',
  'fontSize',
  'fontSizeSM',
  'fontSizeLG',
  'controlHeight',
  'controlHeightSM',
  'controlHeightLG',
  ...[1, 2, 3, 4, 5].map((level) => `fontSizeHeading${level}`),
]);

describe('theme-vars.css', () => {
  const light = block(':root');
  const dark = new Map([...light, ...block(":root[data-theme='dark']")]);

  it.each([
    ['light', light, theme.defaultAlgorithm],
    ['dark', dark, theme.darkAlgorithm],
  ] as const)('holds antd’s %s token values', (_name, vars, algorithm) => {
    const token = theme.getDesignToken({ algorithm }) as unknown as Record<string, unknown>;
    expect(vars.size).toBeGreaterThan(30);
    for (const [variable, value] of vars) {
      const name = tokenName(variable);
      expect(token, name).toHaveProperty(name);
      const expected = PX.has(name) ? `${String(token[name])}px` : token[name];
      expect(normalise(value), variable).toBe(normalise(expected));
    }
  });
});

/** Every style sheet and component of the renderer, for the antd variables they use. */
function rendererSources(dir = fileURLToPath(new URL('..', import.meta.url))): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return rendererSources(path);
    return /\.(css|tsx?)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('antd variables outside antd components', () => {
  it('are all defined on the root, so plain elements take the current theme, not a light fallback', () => {
    const defined = new Set([...css.matchAll(/(--ant-[a-z0-9-]+):\s*var\(--bb-/g)].map((match) => match[1]!));
    const used = new Set(
      rendererSources().flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/var\((--ant-[a-z0-9-]+)/g)].map((m) => m[1]!)),
    );
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});
