import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '图片尺寸修改,改图片大小,批量调整图片尺寸,图片裁剪,证件照尺寸,一寸照片,二寸照片,图片旋转,按比例缩放',
    en: 'image resizer,resize images,batch resize,crop image,aspect ratio crop,passport photo size,rotate image,scale image by percent',
  },
  aliases: {
    cn: ['改图片尺寸', '图片裁剪', '修改分辨率', '证件照尺寸', '一寸照片', '图片旋转', '批量缩放'],
    en: ['resize image', 'crop image', 'image cropper', 'passport photo', 'rotate image', 'scale image'],
  },
} satisfies ToolSearchWords;
