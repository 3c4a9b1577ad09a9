/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '远程设备隧道',
    description: '用 5 位 ID 连接另一台设备，经对方允许后在它的页面运行 JavaScript、查看控制台、互发文字。',
  },
  en: {
    title: 'Remote device tunnel',
    description:
      'Reach another device by a 5-character ID and, once it allows, run JavaScript in its page, see its console and exchange text.',
  },
};
