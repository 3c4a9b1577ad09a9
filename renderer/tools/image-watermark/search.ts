import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图片加水印,批量加水印,文字水印,Logo水印,平铺水印,照片水印,在线加水印',
    en: 'image watermark,batch watermark,text watermark,logo watermark,tiled watermark,watermark photos',
  },
  aliases: {
    cn: ['加水印', '水印', '照片水印', '批量水印', 'logo水印', '防盗图'],
    en: ['watermark', 'add watermark', 'logo', 'batch watermark'],
  },
} satisfies ToolSearchWords;
