import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'favicon,favicon.ico,网站图标,ico生成,apple-touch-icon,maskable,webmanifest,PWA图标',
    en: 'favicon,favicon generator,ico,apple-touch-icon,maskable icon,webmanifest,PWA icons,dark mode favicon',
  },
  aliases: {
    cn: ['favicon', 'ico', '图标生成', 'ico转换', '网站图标', 'pwa图标'],
    en: ['favicon generator', 'ico', 'apple touch icon', 'maskable', 'webmanifest', 'pwa icon'],
  },
} satisfies ToolSearchWords;
