import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { resources } from '@/i18n/resources';
import { tools } from '@/tools/registry';
import { addToolMeta, headResources, loadLanguageTexts, loadToolTexts } from './tool-texts';

const hasher = tools.find((tool) => tool.id === 'file-hasher')!;

describe('tool texts', () => {
  it('ships only each tool’s title and description with the shell, the English ones when asked for', async () => {
    expect(Object.keys(resources.cn)).not.toContain('file-hasher');
    expect(Object.keys(hasher.texts.cn).sort()).toEqual(['description', 'title']);
    addToolMeta();
    expect(i18n.getResourceBundle('cn', 'file-hasher')).toEqual({ meta: hasher.texts.cn });
    expect(i18n.hasResourceBundle('en', 'file-hasher')).toBe(false);
    await loadLanguageTexts('en');
    for (const language of ['cn', 'en'] as const) {
      expect(i18n.getResourceBundle(language, 'file-hasher')).toEqual({ meta: hasher.texts[language] });
      expect(i18n.t('file-hasher:meta.title', { lng: language })).toBe(hasher.texts[language].title);
    }
    expect(i18n.exists('file-hasher:algorithms', { lng: 'cn' })).toBe(false);
  });

  it('adds the whole namespace in both languages when the page loads, meta and its keywords included', async () => {
    addToolMeta();
    // Before the page loads, the head has the tool's title and description but no keywords.
    expect((headResources().cn as Record<string, unknown>)['file-hasher']).toEqual({ meta: { ...hasher.texts.cn, keywords: '' } });
    await loadToolTexts(hasher);
    const { cn, en } = await hasher.locales();
    const { keywords } = (await hasher.search()).searchWords;
    expect(i18n.getResourceBundle('cn', 'file-hasher')).toEqual({ ...cn, meta: { ...cn.meta, keywords: keywords.cn } });
    expect(i18n.getResourceBundle('en', 'file-hasher')).toEqual({ ...en, meta: { ...en.meta, keywords: keywords.en } });
    expect(i18n.t('file-hasher:algorithms', { lng: 'en' })).toBe(en.algorithms);
    expect(i18n.t('file-hasher:meta.keywords', { lng: 'cn' })).toContain('SM3');
    expect(cn.meta).toEqual(hasher.texts.cn);
    expect((headResources().en as Record<string, unknown>)['file-hasher']).toEqual({ meta: { ...hasher.texts.en, keywords: keywords.en } });
  });

  it('loads a namespace once, and again after a failed load', async () => {
    const texts = { cn: { meta: hasher.texts.cn, word: '词' }, en: { meta: hasher.texts.en, word: 'word' } };
    const locales = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(texts);
    const search = () => Promise.resolve({ searchWords: { keywords: { cn: '词', en: 'word' }, aliases: {} } });
    const tool = { id: 'test-tool', locales, search };
    await expect(loadToolTexts(tool)).rejects.toThrow('offline');
    await Promise.all([loadToolTexts(tool), loadToolTexts(tool)]);
    await loadToolTexts(tool);
    expect(locales).toHaveBeenCalledTimes(2);
    expect(i18n.t('test-tool:word' as never, { lng: 'en' })).toBe('word');
  });

  it('keeps the i18n setup free of the tool registry (no tool texts in the first chunk, no import cycle through the pages)', () => {
    for (const file of ['index.ts', 'resources.ts', 'language.ts']) {
      const source = readFileSync(join(import.meta.dirname, '../i18n', file), 'utf8');
      const runtimeImports = source.split('\n').filter((line) => /^import (?!type )/.test(line));
      expect(
        runtimeImports.filter((line) => line.includes('@/tools/')),
        file,
      ).toEqual([]);
    }
  });
});
