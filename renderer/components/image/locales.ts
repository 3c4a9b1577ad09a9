import type { LocaleShape } from '@/i18n/types';

/** Texts of the shared image-batch pieces, under `image.` in the `components` namespace. */
export const cn = {
  engine: {
    browser: '处理引擎：browser（本机浏览器，后台线程）',
    native: '处理引擎：native（桌面端 sharp）',
  },
  before: '原图',
  after: '处理后',
  saved: '节省 {{percent}}%',
  grew: '增大 {{percent}}%',
  size: '{{width}}×{{height}}',
  downloadAll: '打包下载（ZIP）',
  zipName: '百宝箱-图片',
  compare: '对比',
  compareTitle: '对比：{{name}}',
  zoom: '缩放',
  sliderLabel: '拖动查看原图与处理后',
  thumbnailAlt: '{{name}} 的缩略图',
  presets: {
    label: '预设',
    placeholder: '选择预设',
    save: '保存为预设',
    namePlaceholder: '预设名称，例如：微信公众号 1080 宽 WebP 80',
    saved: '已保存预设“{{name}}”',
    remove: '删除当前预设',
    builtIn: '内置',
  },
  errors: {
    decode: '无法读取：文件已损坏、不完整、为空或不是图片',
    tooLarge: '图片太大，超出可处理的尺寸',
    unsupportedInput: '暂不支持这种图片格式',
    unsupportedOutput: '当前环境无法输出这种格式',
    cancelled: '已取消',
    unknown: '处理失败：{{message}}',
  },
};

export const en: LocaleShape<typeof cn> = {
  engine: {
    browser: 'Engine: browser (on your device, background threads)',
    native: 'Engine: native (sharp in the desktop app)',
  },
  before: 'Original',
  after: 'Result',
  saved: '{{percent}}% smaller',
  grew: '{{percent}}% larger',
  size: '{{width}}×{{height}}',
  downloadAll: 'Download all (ZIP)',
  zipName: 'baibao-images',
  compare: 'Compare',
  compareTitle: 'Compare: {{name}}',
  zoom: 'Zoom',
  sliderLabel: 'Drag to compare original and result',
  thumbnailAlt: 'Thumbnail of {{name}}',
  presets: {
    label: 'Presets',
    placeholder: 'Choose a preset',
    save: 'Save as preset',
    namePlaceholder: 'Preset name, e.g. WeChat article 1080 wide WebP 80',
    saved: 'Saved preset “{{name}}”',
    remove: 'Delete this preset',
    builtIn: 'Built-in',
  },
  errors: {
    decode: 'Cannot read it: the file is damaged, incomplete, empty or not an image',
    tooLarge: 'The image is too large to process',
    unsupportedInput: 'This image format is not supported yet',
    unsupportedOutput: 'This format cannot be written here',
    cancelled: 'Cancelled',
    unknown: 'Processing failed: {{message}}',
  },
};
