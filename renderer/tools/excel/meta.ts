/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'Excel 表格',
    description: 'Excel 表格',
    keywords: 'Excel 表格',
  },
  en: {
    title: 'Excel spreadsheets',
    description: 'Excel spreadsheets',
    keywords: 'Excel spreadsheets',
  },
};
