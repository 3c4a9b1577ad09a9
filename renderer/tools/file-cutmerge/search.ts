import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文件切割,文件分割,文件合并,分卷,大文件切割,001文件合并,HJSplit,文件拆分,MD5校验',
    en: 'file splitter,split file,merge files,join 001 files,HJSplit,split large file,file joiner,MD5 check',
  },
  aliases: {
    cn: ['文件分割', '文件拆分', '大文件切割', '分卷', '合并001', '文件合并', 'hjsplit'],
    en: ['split', 'join', 'file splitter', 'file joiner', 'hjsplit', '001 files', 'merge parts'],
  },
} satisfies ToolSearchWords;
