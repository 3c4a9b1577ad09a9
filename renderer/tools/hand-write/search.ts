import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '手写体生成,手写字体,文字转手写,作业手写,稿纸,手写PDF',
    en: 'handwriting generator,text to handwriting,handwriting font,handwritten PDF',
  },
  aliases: { cn: ['手写', '手写字', '作业生成'], en: ['handwriting', 'text to handwriting'] },
} satisfies ToolSearchWords;
