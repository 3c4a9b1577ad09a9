import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '字幕拼接,字幕拼图,截图拼接,电影台词拼图,长图拼接,台词截图',
    en: 'subtitle stitch,subtitle collage,screenshot stitch,movie lines,caption image,long image',
  },
  aliases: {
    cn: ['字幕拼图', '截图拼接', '台词拼接', '长图拼接', '电影截图'],
    en: ['subtitle', 'screenshot stitch', 'caption collage', 'movie lines', 'long image'],
  },
} satisfies ToolSearchWords;
