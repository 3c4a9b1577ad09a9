import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图片格式转换,png转jpg,jpg转png,webp转jpg,jpg转webp,png转ico,heic转jpg,avif转换,批量转换图片格式',
    en: 'image converter,png to jpg,jpg to png,webp to jpg,jpg to webp,png to ico,heic to jpg,avif converter,batch convert images',
  },
  aliases: {
    cn: ['格式转换', 'png转jpg', 'jpg转png', 'webp转jpg', 'heic转jpg', 'png转ico', '图片转ico'],
    en: ['convert image', 'png to jpg', 'webp to jpg', 'jpg to webp', 'heic to jpg', 'png to ico', 'image to ico'],
  },
} satisfies ToolSearchWords;
