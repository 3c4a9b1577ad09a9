import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Pages that identify files (/excel, /psd, the file-type tool, …) load these modules before their own
// chunk; fflate (6.6 KB gz) is needed only for a gzip or a deflated zip entry, so it loads then.
const STATIC_FFLATE = /^import\s[^;]*from\s+'fflate'/m;
const modules = ['identify.ts', 'zip.ts'].map((name) => [name, readFileSync(new URL(name, import.meta.url), 'utf8')] as const);

describe('file identification on the first load', () => {
  it.each(modules)('%s imports fflate only when it needs it', (_name, text) => {
    expect(text).not.toMatch(STATIC_FFLATE);
    expect(text).toMatch(/await import\('fflate'\)/);
  });

  it('tells a static import from a dynamic one (the check above can fail)', () => {
    expect("import { inflateSync } from 'fflate';").toMatch(STATIC_FFLATE);
    expect("const { inflateSync } = await import('fflate');").not.toMatch(STATIC_FFLATE);
  });
});
