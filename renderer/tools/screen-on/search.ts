import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '屏幕常亮,防止锁屏,不锁屏,防休眠,保持唤醒',
    en: 'keep screen on,keep awake,wake lock,prevent sleep,no sleep,caffeine',
  },
  aliases: { cn: ['常亮', '防锁屏', 'wake lock'], en: ['stay awake', 'screen awake', 'caffeine'] },
} satisfies ToolSearchWords;
