/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '图片格式转换',
    description:
      '在本机批量转换图片格式：JPG、PNG、WebP、AVIF、GIF、BMP、ICO 互转，透明转 JPG 可选背景色，动图取第一帧，支持预设与打包下载，图片不会上传。',
    keywords: '图片格式转换,png转jpg,jpg转png,webp转jpg,jpg转webp,png转ico,heic转jpg,avif转换,批量转换图片格式',
  },
  en: {
    title: 'Image converter',
    description:
      'Convert images in batches on your device between JPG, PNG, WebP, AVIF, GIF, BMP and ICO: background colour for transparent images, first frame of animations, presets and zip download. Nothing is uploaded.',
    keywords: 'image converter,png to jpg,jpg to png,webp to jpg,jpg to webp,png to ico,heic to jpg,avif converter,batch convert images',
  },
};
