import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '电子书阅读器,EPUB阅读器,MOBI阅读器,AZW3,在线看书,书签,全文搜索',
    en: 'e-book reader,EPUB reader,MOBI reader,AZW3,read online,bookmarks,full-text search',
  },
  aliases: {
    cn: ['电子书阅读', '看书', 'EPUB 阅读', 'MOBI 阅读', 'AZW3 阅读'],
    en: ['ebook reader', 'EPUB reader', 'MOBI reader', 'Kindle book'],
  },
} satisfies ToolSearchWords;
