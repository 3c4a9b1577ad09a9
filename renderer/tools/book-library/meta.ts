/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '电子书书架',
    description: '电子书书架',
    keywords: '电子书书架',
  },
  en: {
    title: 'E-book library',
    description: 'E-book library',
    keywords: 'E-book library',
  },
};
