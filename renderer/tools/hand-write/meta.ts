/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '手写体生成',
    description: '把文字写成手写稿：多款手写字体，横线纸、方格、稿纸或自选背景，逐页生成，导出 PNG、ZIP 或可搜索的 PDF，全部在本机完成',
    keywords: '手写体生成,手写字体,文字转手写,作业手写,稿纸,手写PDF',
  },
  en: {
    title: 'Handwriting Generator',
    description:
      'Turn text into handwritten pages: handwriting fonts, lined, grid or 稿纸 paper or your own background, page by page, exported as PNG, ZIP or a searchable PDF — all on your device',
    keywords: 'handwriting generator,text to handwriting,handwriting font,handwritten PDF',
  },
};
