/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图床',
    description:
      '用自己的 GitHub 仓库做免费图床：拖入、粘贴多张图片，上传前压缩、重命名，一键复制国内可用的 CDN 链接（Markdown、HTML、URL、UBB），登录后随账号同步。',
  },
  en: {
    title: 'PicHub',
    description:
      'Free image hosting on your own GitHub repository: drop or paste pictures, compress and rename them before the upload, and copy CDN links that work in China too (Markdown, HTML, URL, UBB); synced to your account.',
  },
};
