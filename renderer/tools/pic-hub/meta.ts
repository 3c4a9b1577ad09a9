/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '图床',
    description: '图床',
    keywords: '图床',
  },
  en: {
    title: 'PicHub',
    description: 'PicHub',
    keywords: 'PicHub',
  },
};
