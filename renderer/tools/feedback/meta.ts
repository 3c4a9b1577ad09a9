/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '意见反馈',
    description: '意见反馈',
  },
  en: {
    title: 'Feedback',
    description: 'Feedback',
  },
};
