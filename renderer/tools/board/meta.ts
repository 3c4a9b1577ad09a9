/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '留言板',
    description: '给百宝箱留言：提建议、交流使用心得，支持 Markdown，点赞和回复，新留言实时出现。',
  },
  en: {
    title: 'Message board',
    description: 'Leave Baibao a message: suggestions and tips in Markdown, with likes and replies; new posts appear live.',
  },
};
