/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '网站图标生成',
    description:
      '用图片、文字或 emoji 生成整套网站图标：多尺寸 favicon.ico、16–512 PNG、apple-touch-icon、可遮罩图标与安全区预览、深色模式图标、site.webmanifest 与 HTML 代码，一键打包下载，全部在本机完成。',
  },
  en: {
    title: 'Favicon maker',
    description:
      'Make a complete favicon set from an image, text or emoji: multi-size favicon.ico, PNGs 16–512, apple-touch-icon, maskable icons with a safe-zone preview, a dark-mode icon, site.webmanifest and the HTML snippet, zipped. Runs on your device.',
  },
};
