import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'sketch文件查看,sketch在线预览,windows打开sketch,sketch转png,sketch转svg,sketch画板导出,sketch查看器',
    en: 'sketch file viewer,open sketch file online,sketch viewer windows,sketch to png,sketch to svg,export sketch artboard',
  },
  aliases: { cn: ['Sketch 预览', 'sketch 查看器', 'Windows 打开 sketch'], en: ['Sketch preview', 'open sketch file'] },
} satisfies ToolSearchWords;
