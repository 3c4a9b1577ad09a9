/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '电子书书架',
    description:
      '在浏览器里管理你的电子书：拖入、选择、粘贴或整个文件夹导入 EPUB、MOBI、AZW3、FB2、CBZ 和 TXT，自动读取书名、作者和封面，网格或列表浏览、搜索、排序，一键打开阅读。书籍只保存在本机，不会上传。',
  },
  en: {
    title: 'E-book library',
    description:
      'Your e-books in the browser: import EPUB, MOBI, AZW3, FB2, CBZ and TXT by dropping, picking, pasting or a whole folder; titles, authors and covers are read for you; browse as a grid or list, search, sort and open a book to read. Books stay on your device and are never uploaded.',
  },
};
