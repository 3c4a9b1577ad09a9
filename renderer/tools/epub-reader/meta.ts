/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '电子书阅读器',
    description: '在浏览器中阅读 EPUB、MOBI、AZW3 电子书：目录、书签、全文搜索、字号字体与夜间主题，自动记住阅读进度，书籍不上传。',
  },
  en: {
    title: 'E-book reader',
    description:
      'Read EPUB, MOBI and AZW3 e-books in the browser: contents, bookmarks, full-text search, font size, fonts and dark theme; remembers where you stopped; books are never uploaded.',
  },
};
