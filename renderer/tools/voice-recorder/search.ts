import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '在线录音,录音机,麦克风录音,录音剪辑,WAV,WebM',
    en: 'online voice recorder,microphone recorder,trim audio,WAV,WebM,Opus',
  },
  aliases: { cn: ['录音', 'luyin', 'voice recorder'], en: ['audio recorder', 'sound recorder'] },
} satisfies ToolSearchWords;
