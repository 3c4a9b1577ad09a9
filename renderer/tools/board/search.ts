import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '留言板,留言,评论,社区,建议,交流',
    en: 'message board,guestbook,comments,community,forum',
  },
  aliases: { cn: ['liuyanban', 'guestbook', 'comment'], en: ['guest book', 'board'] },
} satisfies ToolSearchWords;
