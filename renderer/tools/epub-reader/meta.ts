/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '电子书阅读器',
    description: '电子书阅读器',
    keywords: '电子书阅读器',
  },
  en: {
    title: 'E-book reader',
    description: 'E-book reader',
    keywords: 'E-book reader',
  },
};
