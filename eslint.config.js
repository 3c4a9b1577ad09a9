// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The four wings may only lean on `shared`; these patterns say so in lint instead of in a wiki. */
const wing = (/** @type {string[]} */ forbidden, /** @type {string} */ why) =>
  forbidden.map((group) => ({ group: [group], message: why }));

const notShared = 'shared/ is pure TypeScript: it imports none of renderer, server or electron, and no DOM, Node or React.';
const onlyShared = 'renderer, server and electron import only shared/ (through @shared/*), never each other.';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'out', 'release', '.tsbuild', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...wing(['@/*', '**/renderer/**', '**/server/**', '**/electron/**'], notShared),
          ...wing(['react', 'react-*', 'react/*', 'antd', 'electron', 'express', 'node:*', 'fs', 'path', 'crypto'], notShared),
        ],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: wing(['**/server/**', '**/electron/**', 'electron', 'node:*', 'express'], onlyShared),
      }],
    },
  },
  {
    // Tests run under Node (Vitest) or drive a browser (Playwright): they may use Node and test
    // servers, but still never reach into another wing.
    files: ['{shared,renderer}/**/*.test.ts', 'renderer/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: wing(['**/server/**', '**/electron/**', 'electron'], onlyShared),
      }],
    },
  },
  {
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'JSXText[value=/[A-Za-z\\u4e00-\\u9fa5]/]',
        message: 'User-visible text goes through i18n (t(...)), never literal JSX text.',
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/platform/**', 'renderer/**/*.e2e.ts'],
    rules: {
      'no-restricted-properties': ['error', {
        object: 'window', property: 'native',
        message: 'Only renderer/platform/ reads window.native; ask the platform layer for a capability.',
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: wing(['@/*', '**/renderer/**', '**/electron/**', 'electron', 'react', 'react-*'], onlyShared),
      }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/ipc/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: wing(['@/*', '**/renderer/**', '**/server/**', 'react', 'react-*'], onlyShared),
        paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Only electron/main/ipc/* touches ipcMain and only the preload touches ipcRenderer.' }],
      }],
    },
  },
  {
    files: ['electron/main/ipc/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: wing(['@/*', '**/renderer/**', '**/server/**'], onlyShared),
        paths: [{ name: 'electron', importNames: ['ipcRenderer'], message: 'Only the preload touches ipcRenderer.' }],
      }],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: wing(['@/*', '**/renderer/**', '**/server/**'], onlyShared),
        paths: [{ name: 'electron', importNames: ['ipcMain'], message: 'Only electron/main/ipc/* touches ipcMain.' }],
      }],
    },
  },
);
