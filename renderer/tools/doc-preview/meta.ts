/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'Word 文档预览',
    description:
      '在线预览 Word 文档（docx）：按页显示页眉页脚、表格、图片、列表和脚注，宋体、微软雅黑等中文字体自动匹配，支持缩放、打印、查找和标题大纲；旧版 .doc 可读出文字。文件只在你的设备上打开，不上传。',
  },
  en: {
    title: 'Word viewer',
    description:
      'Open Word documents (docx) in your browser: pages with headers and footers, tables, images, lists and footnotes, Chinese fonts such as SimSun and Microsoft YaHei matched to installed ones, zoom, print, find and a heading outline; the text of legacy .doc files. Files stay on your device.',
  },
};
