/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图片格式转换',
    description:
      '在本机批量转换图片格式：JPG、PNG、WebP、AVIF、GIF、BMP、ICO 互转，透明转 JPG 可选背景色，动图取第一帧，支持预设与打包下载，图片不会上传。',
  },
  en: {
    title: 'Image converter',
    description:
      'Convert images in batches on your device between JPG, PNG, WebP, AVIF, GIF, BMP and ICO: background colour for transparent images, first frame of animations, presets and zip download. Nothing is uploaded.',
  },
};
