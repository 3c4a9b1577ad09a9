import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '远程设备隧道,远程控制台,远程调试,手机调试',
    en: 'remote device tunnel,remote console,remote debugging,mobile debugging',
  },
  aliases: { cn: ['remote console', 'vconsole'], en: ['vconsole', 'eruda'] },
} satisfies ToolSearchWords;
