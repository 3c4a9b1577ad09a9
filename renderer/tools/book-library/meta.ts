/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '电子书书架',
    description:
      '在浏览器里管理你的电子书：拖入、选择、粘贴或整个文件夹导入 EPUB、MOBI、AZW3、FB2、CBZ 和 TXT，自动读取书名、作者和封面，网格或列表浏览、搜索、排序，一键打开阅读。书籍只保存在本机，不会上传。',
    keywords: '电子书,书架,EPUB,MOBI,AZW3,阅读器,在线阅读,导入电子书,Kindle,本地书库',
  },
  en: {
    title: 'E-book library',
    description:
      'Your e-books in the browser: import EPUB, MOBI, AZW3, FB2, CBZ and TXT by dropping, picking, pasting or a whole folder; titles, authors and covers are read for you; browse as a grid or list, search, sort and open a book to read. Books stay on your device and are never uploaded.',
    keywords: 'e-book library, epub, mobi, azw3, ebook reader, bookshelf, import ebooks, kindle books, local library',
  },
};
