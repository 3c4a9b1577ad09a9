import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  settings: {
    title: '压缩设置',
    format: '输出格式',
    formats: { keep: '原格式', jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF', png: 'PNG' },
    quality: '质量',
    maxWidth: '最大宽度',
    maxHeight: '最大高度',
    noLimit: '不限',
    px: '像素',
    targetMode: '压到指定大小以内',
    targetKB: '目标大小',
    kb: 'KB',
    targetHint: '自动寻找不超过目标大小的最高质量；选“原格式”时，PNG、GIF 等无损格式的图片会改存为 WebP',
    targetLossless: 'PNG 为无损格式，没有质量可调，无法压到指定大小；请选 JPEG、WebP 或 AVIF',
    keepMetadata: '保留 EXIF 等元数据',
    keepMetadataHint: '默认去除拍摄信息与定位，保护隐私；方向总会先校正',
    metadataJpegOnly: '网页版只能为 JPEG 图片保留元数据，其他格式会去除；方向总会先校正',
    metadataUnavailable: '当前引擎无法把元数据写入 {{format}}，输出总会去除元数据',
    smallest: '极限压缩（更慢）',
    smallestHint: '使用 MozJPEG / OxiPNG 等编码器，文件更小但耗时更长',
    rerun: '按当前设置重新压缩',
  },
  presets: {
    wechat: '微信公众号 1080 宽 WebP 80',
    under200: '小于 200 KB（JPEG）',
    web: '网页图片 1920 宽 WebP 75',
    avif: '最小体积 AVIF 60',
  },
  drop: {
    title: '点击选择、拖拽或粘贴图片到这里',
    hint: '支持 JPG、PNG、WebP、AVIF、GIF、BMP 等，可多选或拖入文件夹；图片只在本机处理，不会上传',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  settings: {
    title: 'Settings',
    format: 'Output format',
    formats: { keep: 'Keep', jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF', png: 'PNG' },
    quality: 'Quality',
    maxWidth: 'Max width',
    maxHeight: 'Max height',
    noLimit: 'No limit',
    px: 'px',
    targetMode: 'Fit under a file size',
    targetKB: 'Target size',
    kb: 'KB',
    targetHint: 'Finds the highest quality that fits; with “Keep”, PNG, GIF and other lossless images are saved as WebP',
    targetLossless: 'PNG is lossless and has no quality to lower, so it cannot be fitted under a size; choose JPEG, WebP or AVIF',
    keepMetadata: 'Keep EXIF and other metadata',
    keepMetadataHint: 'Stripped by default to protect camera and location data; orientation is always applied first',
    metadataJpegOnly: 'The web version keeps metadata for JPEG files only; other formats lose it; orientation is always applied first',
    metadataUnavailable: 'This engine cannot write metadata into {{format}}: the output never has any',
    smallest: 'Smallest file (slower)',
    smallestHint: 'Uses MozJPEG / OxiPNG and slower encoder settings for smaller files',
    rerun: 'Compress again with these settings',
  },
  presets: {
    wechat: 'WeChat article 1080 wide WebP 80',
    under200: 'Under 200 KB (JPEG)',
    web: 'Web image 1920 wide WebP 75',
    avif: 'Smallest AVIF 60',
  },
  drop: {
    title: 'Click to choose, or drop or paste images here',
    hint: 'JPG, PNG, WebP, AVIF, GIF, BMP and more; several files or folders; images are processed on your device, never uploaded',
  },
};
