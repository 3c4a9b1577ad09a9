/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '手写体生成',
    description: '手写体生成',
    keywords: '手写体生成',
  },
  en: {
    title: 'Handwriting Generator',
    description: 'Handwriting Generator',
    keywords: 'Handwriting Generator',
  },
};
