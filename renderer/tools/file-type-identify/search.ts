import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文件类型识别,文件格式识别,真实扩展名,MIME类型,魔数,文件头,扩展名错误,file type',
    en: 'file type,identify file format,real extension,MIME type,magic bytes,file signature,wrong extension',
  },
  aliases: {
    cn: ['文件格式', '真实格式', '扩展名', '后缀名', 'MIME', '魔数', '文件头'],
    en: ['file format', 'mime type', 'magic bytes', 'file signature', 'extension', 'detect file type'],
  },
} satisfies ToolSearchWords;
