import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '电子书,书架,EPUB,MOBI,AZW3,阅读器,在线阅读,导入电子书,Kindle,本地书库',
    en: 'e-book library, epub, mobi, azw3, ebook reader, bookshelf, import ebooks, kindle books, local library',
  },
  aliases: {
    cn: ['书库', '书架', '电子书', '藏书', '导入电子书', 'epub', 'mobi', 'azw3', 'kindle', '静读天下', 'koodo'],
    en: ['ebook', 'bookshelf', 'book library', 'epub library', 'calibre', 'koodo reader', 'kindle'],
  },
} satisfies ToolSearchWords;
