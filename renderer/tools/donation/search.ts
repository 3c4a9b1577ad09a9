import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '捐赠,赞助,打赏,支持站长,捐赠排行榜,赞赏码',
    en: 'donate,donation,support,sponsor,supporters ranking',
  },
  aliases: { cn: ['donate', '赞赏', '请喝咖啡'], en: ['buy me a coffee', 'tip'] },
} satisfies ToolSearchWords;
