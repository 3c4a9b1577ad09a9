/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '捐赠支持',
    description: '扫码捐赠支持百宝箱，查看实时更新的支持者排行榜：名字、金额、留言和时间。',
  },
  en: {
    title: 'Support us',
    description: "Support Baibao with a donation and see the supporters' ranking update live: name, amount, message and time.",
  },
};
