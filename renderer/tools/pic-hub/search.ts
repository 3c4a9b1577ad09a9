import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图床,GitHub图床,免费图床,图片外链,jsDelivr,Markdown图片,PicGo,PicX',
    en: 'image hosting,github image hosting,free image hosting,jsdelivr,markdown images,picgo,picx',
  },
  aliases: {
    cn: ['github 图床', '图片外链', 'picgo', 'picx', 'jsdelivr'],
    en: ['image hosting', 'picgo', 'picx', 'jsdelivr'],
  },
} satisfies ToolSearchWords;
