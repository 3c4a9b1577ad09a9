/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'PSD 查看与导出',
    description: 'PSD 查看与导出',
    keywords: 'PSD 查看与导出',
  },
  en: {
    title: 'PSD viewer',
    description: 'PSD viewer',
    keywords: 'PSD viewer',
  },
};
