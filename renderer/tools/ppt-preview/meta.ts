/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'PPT 演示文稿预览',
    description:
      '在线打开 PowerPoint（.pptx）演示文稿：幻灯片缩略图、大图浏览、键盘翻页、全屏放映、演讲者备注，文本框、图片、形状、表格和图表都能显示；可导出当前页或全部幻灯片为 PNG。文件只在本机打开，不上传。',
  },
  en: {
    title: 'PowerPoint viewer',
    description:
      'Open PowerPoint (.pptx) presentations in the browser: slide thumbnails, full-slide view, keyboard navigation, full-screen presenting and speaker notes, with text boxes, pictures, shapes, tables and charts; export a slide or all slides as PNG. Files stay on your device.',
  },
};
