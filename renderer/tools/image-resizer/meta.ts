/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图片尺寸调整与裁剪',
    description:
      '在本机批量修改图片尺寸：指定宽高或百分比、锁定比例、1:1 / 4:3 / 16:9 等比例裁剪、一寸二寸证件照尺寸、旋转翻转、转 JPG/PNG/WebP，支持预设与打包下载，图片不会上传。',
  },
  en: {
    title: 'Image resizer & cropper',
    description:
      'Resize images in batches on your device: exact pixels or a percentage, aspect lock, 1:1 / 4:3 / 16:9 crops, ID-photo sizes, rotate and flip, save as JPG/PNG/WebP, presets and zip download. Nothing is uploaded.',
  },
};
