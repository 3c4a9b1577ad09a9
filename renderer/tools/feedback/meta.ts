/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '意见反馈',
    description: '报告问题、提出建议：可匿名提交，可附截图，登录后可在个人中心查看回复',
  },
  en: {
    title: 'Feedback',
    description: 'Report a bug or suggest an idea, anonymously or logged in, with a screenshot; see the reply in your user center',
  },
};
