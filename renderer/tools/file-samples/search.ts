import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '示例文件,测试文件,样例文件,文件下载,PNG,MP3,MP4,PDF,DOCX,XLSX,ZIP,EPUB,TTF,WOFF,CSV,JSON',
    en: 'sample files,test files,example files,download,PNG,MP3,MP4,PDF,DOCX,XLSX,ZIP,EPUB,TTF,WOFF,CSV,JSON',
  },
  aliases: { cn: ['样本文件', '测试素材', 'sample files'], en: ['test data', 'dummy files'] },
} satisfies ToolSearchWords;
