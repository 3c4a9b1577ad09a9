import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '意见反馈,建议,问题报告,bug,联系站长',
    en: 'feedback,suggestion,bug report,contact',
  },
  aliases: { cn: ['反馈', '建议', 'feedback'], en: ['suggest', 'report a bug'] },
} satisfies ToolSearchWords;
