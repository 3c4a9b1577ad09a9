/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'Excel 表格',
    description:
      '在线打开、查看和编辑 Excel 表格：支持 xlsx、xlsm、xls、xlsb、ods、csv，保留样式、合并单元格、列宽和数字格式，可改单元格和公式、增删行列、查找，导出 xlsx 或 CSV（UTF-8/GBK）。文件只在本机处理，不上传。',
  },
  en: {
    title: 'Excel spreadsheets',
    description:
      'Open, view and edit Excel workbooks in your browser: xlsx, xlsm, xls, xlsb, ods and CSV with styles, merged cells, widths and number formats kept; edit cells and formulas, insert and delete rows and columns, find, export xlsx or CSV (UTF-8/GBK). Files stay on your device.',
  },
};
