import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文本隐写,零宽字符,隐藏文字,零宽空格,隐写术,去除零宽字符,水印文本',
    en: 'text steganography,zero-width characters,hidden text,zero width space,remove zero width characters,invisible text',
  },
  aliases: {
    cn: ['零宽字符', '隐藏文字', '零宽空格', '隐写', '去除零宽字符'],
    en: ['zero width', 'hidden text', 'invisible characters', 'zwsp', 'steganography'],
  },
} satisfies ToolSearchWords;
