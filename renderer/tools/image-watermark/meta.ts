/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图片加水印',
    description:
      '在本机给图片批量加文字或 Logo 水印：字体、颜色、大小、透明度、角度、九宫格位置或平铺，实时预览，支持预设与打包下载，图片不会上传。',
  },
  en: {
    title: 'Image watermark',
    description:
      'Add text or logo watermarks to many images on your device: font, colour, size, opacity, angle, 9-grid position or tiled, live preview, presets and zip download. Nothing is uploaded.',
  },
};
