/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '字幕拼接',
    description:
      '把多张视频截图拼成一张字幕长图：第一张完整保留，其余只取字幕条；拖动调节字幕区域，拖拽排序，导出 PNG/JPEG 或复制到剪贴板，图片只在本机处理。',
  },
  en: {
    title: 'Subtitle stitcher',
    description:
      'Stitch video screenshots into one subtitle image: the first kept whole, only the subtitle strip of the others. Drag the strip bounds, reorder, export PNG/JPEG or copy to the clipboard — on your device.',
  },
};
