import type { LocaleShape } from '@/i18n/types';
import { cn as importCn, en as importEn } from '@/lib/books/locales';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  /** One text per import refusal (BookImportError codes and the duplicate), plus the spec's cover message. */
  import: {
    ...importCn,
    errors: {
      ...importCn.errors,
      quota: '浏览器的存储空间已满，「{{name}}」未能保存。请删除一些书籍后再试。',
      storage: '无法把「{{name}}」保存到浏览器（{{message}}）。',
      outdated: '网站已在另一个标签页中更新，请刷新本页后再导入「{{name}}」。',
      unavailable: '此浏览器不允许保存数据（隐私模式或已禁用存储？），无法导入「{{name}}」。',
      workerFailed: '读取「{{name}}」时后台进程出错，请重试。',
      unknown: '无法导入「{{name}}」：{{message}}',
    },
  },
  drop: {
    title: '点击选择、拖入或粘贴电子书，也可导入整个文件夹',
    hint: '支持 EPUB、MOBI、AZW3、FB2、CBZ 和 TXT；书籍只保存在本机浏览器中，不会上传',
    titleShort: '添加电子书：点击选择、拖入或粘贴',
  },
  folderSkipped: '已跳过文件夹中 {{count}} 个不是电子书的文件',
  addedOne: '《{{title}}》已加入书架',
  addedMany: '{{count}} 本书已加入书架',
  toolbar: {
    search: '搜索书名或作者',
    sort: '排序',
    view: '显示方式',
  },
  sort: {
    recent: '最近阅读',
    title: '书名',
    author: '作者',
  },
  view: {
    grid: '网格',
    list: '列表',
  },
  shelf: {
    heading: '我的书架',
    count: '共 {{count}} 本',
    matching: '找到 {{shown}} 本（共 {{count}} 本）',
    empty: '书架还是空的',
    emptyHint: '把电子书拖到上方，或点击选择文件，即可开始阅读。',
    noMatch: '没有书名或作者包含「{{query}}」的书',
    loading: '努力加载中...',
    loadFailed: '无法读取书架：{{message}}',
    loadOutdated: '网站已在另一个标签页中更新，请刷新本页。',
    loadUnavailable: '此浏览器不允许保存数据（隐私模式或已禁用存储？），书架无法使用。',
    unknownAuthor: '佚名',
    progress: '已读 {{percent}}%',
    unread: '未读',
    added: '{{date}} 加入',
  },
  book: {
    open: '阅读《{{title}}》',
    delete: '删除《{{title}}》',
    format: '格式',
  },
  remove: {
    title: '从书架删除《{{title}}》？',
    content: '书籍文件、书签和阅读进度都会从此浏览器中删除，无法恢复。',
    ok: '删除',
    cancel: '取消',
    done: '已删除《{{title}}》',
    failed: '删除失败：{{message}}',
  },
  storage: {
    label: '浏览器存储',
    usage: '已用 {{used}} / 可用 {{quota}}',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  import: {
    ...importEn,
    errors: {
      ...importEn.errors,
      quota: 'The browser’s storage is full: “{{name}}” was not saved. Delete some books and try again.',
      storage: 'Could not save “{{name}}” in the browser ({{message}}).',
      outdated: 'The site was updated in another tab. Reload this page, then import “{{name}}” again.',
      unavailable: 'This browser does not allow saving data (private mode, or storage turned off?), so “{{name}}” cannot be imported.',
      workerFailed: 'The background reader failed on “{{name}}”. Please try again.',
      unknown: 'Could not import “{{name}}”: {{message}}',
    },
  },
  drop: {
    title: 'Click to choose, or drop or paste e-books here — a whole folder works too',
    hint: 'EPUB, MOBI, AZW3, FB2, CBZ and TXT; books are kept in this browser on your device, never uploaded',
    titleShort: 'Add e-books: click, drop or paste',
  },
  folderSkipped: 'Skipped {{count}} files in the folder that are not e-books',
  addedOne: '“{{title}}” is in your library',
  addedMany: '{{count}} books added to your library',
  toolbar: {
    search: 'Search titles or authors',
    sort: 'Sort',
    view: 'View',
  },
  sort: {
    recent: 'Recently read',
    title: 'Title',
    author: 'Author',
  },
  view: {
    grid: 'Grid',
    list: 'List',
  },
  shelf: {
    heading: 'My library',
    count: '{{count}} books',
    matching: '{{shown}} of {{count}} books',
    empty: 'Your library is empty',
    emptyHint: 'Drop e-books above, or click to choose files, and start reading.',
    noMatch: 'No book’s title or author contains “{{query}}”',
    loading: 'Loading…',
    loadFailed: 'Could not read the library: {{message}}',
    loadOutdated: 'The site was updated in another tab. Please reload this page.',
    loadUnavailable: 'This browser does not allow saving data (private mode, or storage turned off?), so the library cannot be used.',
    unknownAuthor: 'Unknown author',
    progress: '{{percent}}% read',
    unread: 'Not started',
    added: 'Added {{date}}',
  },
  book: {
    open: 'Read “{{title}}”',
    delete: 'Delete “{{title}}”',
    format: 'Format',
  },
  remove: {
    title: 'Delete “{{title}}” from the library?',
    content: 'The book file, its bookmarks and reading progress are removed from this browser. This cannot be undone.',
    ok: 'Delete',
    cancel: 'Cancel',
    done: 'Deleted “{{title}}”',
    failed: 'Could not delete: {{message}}',
  },
  storage: {
    label: 'Browser storage',
    usage: '{{used}} used of {{quota}} available',
  },
};
