import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'm3u8 下载,HLS 下载,视频下载,ts 合并,m3u8 转 mp4',
    en: 'm3u8 download,HLS downloader,video download,ts merge,m3u8 to mp4',
  },
  aliases: { cn: ['hls', 'm3u8', '视频下载器'], en: ['hls', 'video downloader'] },
} satisfies ToolSearchWords;
