/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '更新日志',
    description: '更新日志',
  },
  en: {
    title: 'Change log',
    description: 'Change log',
  },
};
