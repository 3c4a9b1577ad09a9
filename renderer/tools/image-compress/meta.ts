/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图片压缩',
    description:
      '在本机批量压缩 JPG、PNG、WebP、AVIF 图片：质量可调、限制宽高、压到指定大小以内、前后对比，支持预设与打包下载，图片不会上传。',
  },
  en: {
    title: 'Image compressor',
    description:
      'Compress JPG, PNG, WebP and AVIF images in batches on your device: quality, max size, "under 200 KB" mode, before/after compare, presets and zip download. Nothing is uploaded.',
  },
};
