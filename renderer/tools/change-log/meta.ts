/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '更新日志',
    description: '百宝箱每个版本的新功能、改进与问题修复',
  },
  en: {
    title: 'Change log',
    description: 'What each Baibao release added, improved and fixed',
  },
};
