/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '电子书阅读器',
    description: '在浏览器中阅读 EPUB、MOBI、AZW3 电子书：目录、书签、全文搜索、字号字体与夜间主题，自动记住阅读进度，书籍不上传。',
    keywords: '电子书阅读器,EPUB阅读器,MOBI阅读器,AZW3,在线看书,书签,全文搜索',
  },
  en: {
    title: 'E-book reader',
    description:
      'Read EPUB, MOBI and AZW3 e-books in the browser: contents, bookmarks, full-text search, font size, fonts and dark theme; remembers where you stopped; books are never uploaded.',
    keywords: 'e-book reader,EPUB reader,MOBI reader,AZW3,read online,bookmarks,full-text search',
  },
};
