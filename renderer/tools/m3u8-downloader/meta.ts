/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'm3u8 下载器',
    description: '把 m3u8（HLS）视频下载成一个文件：选清晰度、选片段范围、并行下载、失败重试，边下边存盘。',
  },
  en: {
    title: 'm3u8 downloader',
    description:
      'Downloads an m3u8 (HLS) video as one file: pick a quality and a range, parallel segments with retries, saved as it arrives.',
  },
};
