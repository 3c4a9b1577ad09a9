/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '屏幕测试',
    description: '全屏检查坏点、色带、清晰度、均匀度、刷新率与拖影',
  },
  en: {
    title: 'Screen test',
    description: 'Full-screen checks for dead pixels, banding, sharpness, uniformity, refresh rate and ghosting',
  },
};
