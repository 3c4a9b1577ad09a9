import { beforeAll, describe, expect, it } from 'vitest';
import { addToolMeta, loadToolTexts } from '@/app/tool-texts';
import { tools } from '@/tools/registry';
import i18n from './index';

// As the app has them once every tool page has been opened.
beforeAll(async () => {
  addToolMeta();
  await Promise.all(tools.map(loadToolTexts));
});

/** The app's own i18next instance, as `index.ts` sets it up, asked in English. */
const en = (namespace: string) => i18n.getFixedT('en', namespace);

function leafEntries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => leafEntries(child, prefix ? `${prefix}.${key}` : key));
}

describe('English plurals', () => {
  it('pluralises on count: one file, two files', () => {
    const compress = en('compress');
    expect(compress('create.summary', { count: 1, size: '3 KB' })).toBe('1 file, 3 KB in total');
    expect(compress('create.summary', { count: 2, size: '3 KB' })).toBe('2 files, 3 KB in total');
    expect(compress('open.selected', { count: 1, size: '3 KB' })).toBe('1 file selected (3 KB)');
    expect(compress('open.selected', { count: 2, size: '3 KB' })).toBe('2 files selected (3 KB)');
    expect(en('file-encoding-identify')('convert.zipDone', { count: 1 })).toBe('Zipped 1 file');
    expect(en('file-encoding-identify')('convert.zipDone', { count: 2 })).toBe('Zipped 2 files');
    expect(en('folder-tree')('ignored', { count: 1 })).toBe('1 item skipped by the ignore rules');
    expect(en('file-type-identify')('summary', { count: 1, done: 1 })).toBe('1 file, 1 identified');
    expect(en('file-type-identify')('summary', { count: 3, done: 2 })).toBe('3 files, 2 identified');
    expect(en('text-disorder')('stats.characters', { count: 1 })).toBe('1 character');
  });

  it('pluralises each number of a text that holds two, through nested keys', () => {
    const compress = en('compress');
    expect(compress('open.summary', { format: 'ZIP', files: 1, folders: 2, size: '9 KB' })).toBe('ZIP · 1 file, 2 folders · 9 KB unpacked');
    expect(compress('open.summary', { format: 'ZIP', files: 2, folders: 1, size: '9 KB' })).toBe('ZIP · 2 files, 1 folder · 9 KB unpacked');
    expect(compress('open.extracted', { files: 1, size: '9 KB', folder: 'out' })).toBe('Extracted 1 file (9 KB) to “out”');
    const tree = en('folder-tree');
    expect(tree('summary', { folders: 1, files: 1, size: '24 B' })).toBe('1 folder, 1 file, 24 B in total');
    expect(tree('summary', { folders: 4, files: 0, size: '0 B' })).toBe('4 folders, 0 files, 0 B in total');
    expect(tree('depthCap', { max: 10, folders: 1, hidden: 1 })).toBe(
      'Trees show at most 10 levels: the contents of 1 folder are not expanded (1 item not listed, marked […]).',
    );
    expect(tree('depthCap', { max: 10, folders: 2, hidden: 3 })).toBe(
      'Trees show at most 10 levels: the contents of 2 folders are not expanded (3 items not listed, marked […]).',
    );
    expect(en('image-steganography')('revealed.size', { chars: 1, bytes: 3 })).toBe('1 character · 3 bytes');
  });

  it('leaves Chinese as it was', () => {
    const compress = i18n.getFixedT('cn', 'compress');
    expect(compress('create.summary', { count: 1, size: '3 KB' })).toBe('1 个文件，共 3 KB');
    expect(compress('open.summary', { format: 'ZIP', files: 1, folders: 2, size: '9 KB' })).toBe('ZIP · 1 个文件，2 个文件夹 · 原始 9 KB');
    expect(i18n.getFixedT('cn', 'folder-tree')('summary', { folders: 4, files: 5, size: '24 B' })).toBe('4 个文件夹，5 个文件，共 24 B');
  });

  it('every nested $t(…) names a namespace and a key with _one and _other in both languages', () => {
    const nesting = /\$t\(([^:,)]+):([^,)]+)/g;
    let found = 0;
    for (const [namespace, texts] of Object.entries(i18n.store.data.en ?? {})) {
      for (const [key, text] of leafEntries(texts)) {
        for (const [, ns, nested] of text.matchAll(nesting)) {
          found += 1;
          for (const language of ['cn', 'en'] as const) {
            for (const suffix of ['_one', '_other']) {
              const ref = `${ns}:${nested}${suffix}`;
              expect(i18n.exists(ref, { lng: language, fallbackLng: [] }), `${language} ${namespace}:${key} → ${ref}`).toBe(true);
            }
          }
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});
