/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'Sketch 文件查看',
    description: 'Sketch 文件查看',
    keywords: 'Sketch 文件查看',
  },
  en: {
    title: 'Sketch viewer',
    description: 'Sketch viewer',
    keywords: 'Sketch viewer',
  },
};
