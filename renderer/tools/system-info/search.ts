import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '系统信息,浏览器信息,设备信息,屏幕分辨率,显卡,User-Agent,UA',
    en: 'system info,browser info,device info,screen resolution,GPU,user agent',
  },
  aliases: { cn: ['浏览器版本', '我的电脑配置', 'system info', 'UA'], en: ['what is my browser', 'user agent', 'UA'] },
} satisfies ToolSearchWords;
