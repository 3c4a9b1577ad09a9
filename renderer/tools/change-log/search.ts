import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '更新日志,版本记录,新功能,修复',
    en: 'change log,release notes,what is new,versions',
  },
  aliases: { cn: ['changelog', '版本'], en: ['changelog', 'releases'] },
} satisfies ToolSearchWords;
