/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '字幕拼接',
    description:
      '把多张视频截图拼成一张字幕长图：第一张完整保留，其余只取字幕条；拖动调节字幕区域，拖拽排序，导出 PNG/JPEG 或复制到剪贴板，图片只在本机处理。',
    keywords: '字幕拼接,字幕拼图,截图拼接,电影台词拼图,长图拼接,台词截图',
  },
  en: {
    title: 'Subtitle stitcher',
    description:
      'Stitch video screenshots into one subtitle image: the first kept whole, only the subtitle strip of the others. Drag the strip bounds, reorder, export PNG/JPEG or copy to the clipboard — on your device.',
    keywords: 'subtitle stitch,subtitle collage,screenshot stitch,movie lines,caption image,long image',
  },
};
