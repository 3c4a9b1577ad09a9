import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图片压缩,批量压缩图片,压缩到200KB,JPG压缩,PNG压缩,WebP,AVIF,在线压缩图片',
    en: 'image compressor,compress images,batch compress,compress to 200KB,jpg compressor,png compressor,webp,avif',
  },
  aliases: {
    cn: ['压缩图片', '图片变小', 'jpg压缩', 'png压缩', '照片压缩', '压缩到200k'],
    en: ['compress image', 'squoosh', 'tinypng', 'jpeg', 'webp', 'avif'],
  },
} satisfies ToolSearchWords;
