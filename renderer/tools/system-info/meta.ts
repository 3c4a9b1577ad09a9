/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '系统信息',
    description: '查看浏览器、操作系统、屏幕、CPU、内存、显卡、网络、存储空间和浏览器支持的功能，一键复制为文本或 JSON',
  },
  en: {
    title: 'System info',
    description:
      'See your browser, OS, screen, CPU, memory, GPU, network, storage quota and supported web features; copy it all as text or JSON',
  },
};
