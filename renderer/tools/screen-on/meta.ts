/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '屏幕常亮',
    description: '让屏幕保持常亮、不自动锁屏，可定时关闭。',
  },
  en: {
    title: 'Keep screen on',
    description: 'Stops the screen dimming and locking, with an optional timer.',
  },
};
