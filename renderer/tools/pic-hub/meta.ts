/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '图床',
    description:
      '用自己的 GitHub 仓库做图床：拖入、选择或粘贴多张图片，上传前可压缩、加水印、按规则重命名，一次提交；国内可用的 CDN 链接（Markdown、HTML、URL、UBB）一键复制，登录后图床与记录随账号同步。',
    keywords: '图床,GitHub图床,免费图床,图片外链,图片上传,jsDelivr,CDN加速,Markdown图片,PicGo,PicX',
  },
  en: {
    title: 'PicHub',
    description:
      'Host pictures on your own GitHub repository: drop, pick or paste many images, compress, watermark and rename them before one commit, and copy CDN links (Markdown, HTML, URL, UBB) that also work in mainland China. Logged in, hubs and records follow your account.',
    keywords:
      'image hosting,github image hosting,free image hosting,picture upload,jsdelivr,cdn links,markdown images,picgo alternative,picx',
  },
};
