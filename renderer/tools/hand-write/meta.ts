/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '手写体生成',
    description: '把文字写成手写稿：多款手写字体，横线纸、方格、稿纸或自选背景，逐页生成，导出 PNG、ZIP 或可搜索的 PDF，全部在本机完成',
  },
  en: {
    title: 'Handwriting Generator',
    description:
      'Turn text into handwritten pages: handwriting fonts, lined, grid or 稿纸 paper or your own background, page by page, exported as PNG, ZIP or a searchable PDF — all on your device',
  },
};
