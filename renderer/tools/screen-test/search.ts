import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '屏幕测试,坏点检测,亮点,色带,刷新率,拖影,显示器测试',
    en: 'screen test,dead pixel,banding,refresh rate,ghosting,monitor test',
  },
  aliases: { cn: ['坏点', '显示器', 'hz', 'dead pixel'], en: ['monitor', 'hz', 'display test'] },
} satisfies ToolSearchWords;
