import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppRequest } from './resolve';

let root: string;
beforeAll(() => {
  const parent = mkdtempSync(join(tmpdir(), 'baibao-protocol-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), '');
  writeFileSync(join(root, 'assets', 'with space.wasm'), '');
  writeFileSync(join(parent, 'secret.txt'), 'outside the renderer');
});
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

describe('resolveAppRequest', () => {
  it('serves files that exist', () => {
    expect(resolveAppRequest(root, 'app://baibao/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'));
    expect(resolveAppRequest(root, 'app://baibao/assets/with%20space.wasm?v=1')).toBe(join(root, 'assets', 'with space.wasm'));
    expect(resolveAppRequest(root, 'app://baibao/')).toBe(join(root, 'index.html'));
  });

  it.each(['app://baibao/en/file/hasher', 'app://baibao/file/hasher?x=1#top', 'app://baibao/admin/'])(
    'falls back to index.html for the route %s',
    (url) => {
      expect(resolveAppRequest(root, url)).toBe(join(root, 'index.html'));
    },
  );

  it.each([
    ['a missing asset', 'app://baibao/assets/gone-123.js'],
    ['an API path', 'app://baibao/api/health'],
    ['another host', 'app://other/index.html'],
    ['another scheme', 'https://baibao/index.html'],
    ['an encoded escape from the root', 'app://baibao/%2e%2e/secret.txt'],
    ['an encoded slash escape', 'app://baibao/assets/..%2f..%2fsecret.txt'],
    ['a malformed escape', 'app://baibao/%E0%A4%A'],
  ])('answers 404 for %s', (_name, url) => {
    expect(resolveAppRequest(root, url)).toBeUndefined();
  });
});
