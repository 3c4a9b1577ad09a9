import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  inputs: {
    browser: '可读取：JPG、PNG、WebP、AVIF、GIF（第一帧）、BMP、ICO、HEIC/HEIF（含苹果照片）。SVG 请使用桌面版。',
    native: '可读取：JPG、PNG、WebP、AVIF、GIF（第一帧）、TIFF、SVG、HEIF（AV1 编码）。BMP、ICO 与苹果 HEIC 照片暂不支持。',
  },
  settings: {
    title: '转换设置',
    format: '输出格式',
    formats: { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', bmp: 'BMP', ico: 'ICO' },
    quality: '质量',
    lossless: '{{format}} 为无损格式，不需要设置质量',
    background: '透明部分的背景色',
    backgroundHint: '{{format}} 不支持透明，透明像素会填上这个颜色',
    keepMetadata: '保留 EXIF 等元数据',
    keepMetadataHint: '默认去除拍摄信息与定位，保护隐私；方向总会先校正',
    metadataUnavailable: '当前引擎无法把元数据写入 {{format}}',
    icoSize: '图标尺寸',
    icoSizeHint: 'ICO 单张最大 256×256：整张图按比例缩放放入正方形，空白处透明，不裁切',
    px: '{{size}} 像素',
    rerun: '按当前设置重新转换',
  },
  presets: {
    webp: '网页图片 WebP 85',
    jpegWhite: '透明图转白底 JPEG 90',
    png: '无损 PNG',
    icon: '网站图标 ICO 256',
    avif: '最小体积 AVIF 60',
  },
  drop: {
    title: '点击选择、拖拽或粘贴图片到这里',
    hint: '可多选或拖入文件夹；图片只在本机处理，不会上传',
  },
  animated: {
    title: '动图只转换第一帧',
    item: '{{name}}：共 {{frames}} 帧，已取第一帧',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  inputs: {
    browser: 'Reads JPG, PNG, WebP, AVIF, GIF (first frame), BMP, ICO and HEIC/HEIF (iPhone photos included). For SVG use the desktop app.',
    native: 'Reads JPG, PNG, WebP, AVIF, GIF (first frame), TIFF, SVG and AV1 HEIF. BMP, ICO and Apple HEIC photos are not supported yet.',
  },
  settings: {
    title: 'Settings',
    format: 'Output format',
    formats: { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF', bmp: 'BMP', ico: 'ICO' },
    quality: 'Quality',
    lossless: '{{format}} is lossless and has no quality setting',
    background: 'Background for transparency',
    backgroundHint: '{{format}} has no transparency: transparent pixels get this colour',
    keepMetadata: 'Keep EXIF and other metadata',
    keepMetadataHint: 'Stripped by default to protect camera and location data; orientation is always applied first',
    metadataUnavailable: 'This engine cannot write metadata into {{format}}',
    icoSize: 'Icon size',
    icoSizeHint: 'An ICO image is at most 256×256: the whole picture is scaled into the square with transparent padding, never cropped',
    px: '{{size}} px',
    rerun: 'Convert again with these settings',
  },
  presets: {
    webp: 'Web image WebP 85',
    jpegWhite: 'Transparent to white JPEG 90',
    png: 'Lossless PNG',
    icon: 'Website icon ICO 256',
    avif: 'Smallest AVIF 60',
  },
  drop: {
    title: 'Click to choose, or drop or paste images here',
    hint: 'Several files or folders; images are processed on your device, never uploaded',
  },
  animated: {
    title: 'Animations: only the first frame is converted',
    item: '{{name}}: {{frames}} frames, the first one was converted',
  },
};
