// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The four wings may only lean on `shared`; these patterns say so in lint instead of in a wiki. */
const wing = (/** @type {string[]} */ forbidden, /** @type {string} */ why) => forbidden.map((group) => ({ group: [group], message: why }));

const notShared = 'shared/ is pure TypeScript: it imports none of renderer, server or electron, and no DOM, Node or React.';
const onlyShared = 'renderer, server and electron import only shared/ (through @shared/*), never each other.';

const rendererWing = wing(['**/server/**', '**/electron/**', 'electron', 'node:*', 'express'], onlyShared);
const testWing = wing(['**/server/**', '**/electron/**', 'electron'], onlyShared);

/**
 * A tool is built from components/, lib/, the platform's public entries (`@/platform`,
 * `@/platform/storage` for browser storage, `@/platform/worker` inside a worker) and shared/: never
 * from platform internals or another tool, so each can change without breaking the others.
 */
const toolImports = [
  {
    group: ['@/platform/*', '**/platform/**', '!@/platform/worker', '!@/platform/storage'],
    message:
      'Tools use the platform through its public entries: @/platform, @/platform/storage (or @/platform/worker in a worker). Export what you need there.',
  },
  {
    regex: '^(@/tools/(?!types$)|\\.\\./(?!types$)[^./])',
    message: 'A tool never imports another tool: move what both need to components/, lib/ or shared/.',
  },
];

/**
 * crypto.randomUUID exists only in secure contexts: on a plain-http LAN address it is undefined and
 * every job that named itself with it failed. renderer/lib/ids.ts works everywhere.
 */
const noRandomUUID = {
  selector: "MemberExpression[property.name='randomUUID']",
  message: 'crypto.randomUUID is missing on plain-http (LAN) addresses: use randomHexId from renderer/lib/ids.ts.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'out', 'release', '.tsbuild', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Prettier wraps code at 140; this keeps comments readable too. Strings stay whole: a translated
      // sentence or a test's sample split in pieces is harder to read, search for and translate.
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreStrings: true, ignoreTemplateLiterals: true }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...wing(['@/*', '**/renderer/**', '**/server/**', '**/electron/**'], notShared),
            ...wing(['react', 'react-*', 'react/*', 'antd', 'electron', 'express', 'node:*', 'fs', 'path', 'crypto'], notShared),
          ],
        },
      ],
      'no-restricted-syntax': ['error', noRandomUUID],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: rendererWing }],
      'no-restricted-syntax': ['error', noRandomUUID],
    },
  },
  {
    // Tests run under Node (Vitest) or drive a browser (Playwright): they may use Node and test
    // servers, but still never reach into another wing.
    files: ['{shared,renderer}/**/*.test.ts', 'renderer/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: testWing }],
    },
  },
  {
    files: ['renderer/tools/*/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.ts', 'renderer/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...rendererWing, ...toolImports] }],
    },
  },
  {
    files: ['renderer/tools/*/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...testWing, ...toolImports] }],
    },
  },
  {
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noRandomUUID,
        {
          selector: 'JSXText[value=/[A-Za-z\\u4e00-\\u9fa5]/]',
          message: 'User-visible text goes through i18n (t(...)), never literal JSX text.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/platform/**', 'renderer/**/*.e2e.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'native',
          message: 'Only renderer/platform/ reads window.native; ask the platform layer for a capability.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: wing(['@/*', '**/renderer/**', '**/electron/**', 'electron', 'react', 'react-*'], onlyShared),
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/ipc/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: wing(['@/*', '**/renderer/**', '**/server/**', 'react', 'react-*'], onlyShared),
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Only electron/main/ipc/* touches ipcMain and only the preload touches ipcRenderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/main/ipc/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: wing(['@/*', '**/renderer/**', '**/server/**'], onlyShared),
          paths: [{ name: 'electron', importNames: ['ipcRenderer'], message: 'Only the preload touches ipcRenderer.' }],
        },
      ],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: wing(['@/*', '**/renderer/**', '**/server/**'], onlyShared),
          paths: [{ name: 'electron', importNames: ['ipcMain'], message: 'Only electron/main/ipc/* touches ipcMain.' }],
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits or handles loses its error (an unhandled rejection, a
    // silent failure). Fire-and-forget is written `void promise`, so it is a decision, not an accident.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: [
          './shared/tsconfig.json',
          './renderer/tsconfig.json',
          './server/tsconfig.json',
          './electron/tsconfig.json',
          './tsconfig.tooling.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
