/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '图床',
    description:
      '用自己的 GitHub 仓库做免费图床：拖入、粘贴多张图片，上传前压缩、重命名，一键复制国内可用的 CDN 链接（Markdown、HTML、URL、UBB），登录后随账号同步。',
    keywords: '图床,GitHub图床,免费图床,图片外链,jsDelivr,Markdown图片,PicGo,PicX',
  },
  en: {
    title: 'PicHub',
    description:
      'Free image hosting on your own GitHub repository: drop or paste pictures, compress and rename them before the upload, and copy CDN links that work in China too (Markdown, HTML, URL, UBB); synced to your account.',
    keywords: 'image hosting,github image hosting,free image hosting,jsdelivr,markdown images,picgo,picx',
  },
};
