import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图片隐写,隐写术,LSB,图片藏文字,隐藏信息,提取隐藏文字,steganography',
    en: 'steganography,LSB,hide text in image,hidden message,reveal hidden text,PNG',
  },
  aliases: {
    cn: ['隐写术', '图片藏字', '隐藏信息', 'LSB', '图片加密文字'],
    en: ['stego', 'LSB', 'hide text in image', 'hidden message', 'secret message'],
  },
} satisfies ToolSearchWords;
