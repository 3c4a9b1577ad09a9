import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文件编码识别,编码检测,乱码,GBK转UTF-8,Big5转UTF-8,字符集检测,UTF-8 BOM,编码转换',
    en: 'encoding detection,charset detector,mojibake,GBK to UTF-8,Big5 to UTF-8,UTF-8 BOM,convert encoding',
  },
  aliases: {
    cn: ['编码检测', '乱码', '字符集', 'GBK转UTF-8', 'Big5', 'UTF-8 BOM', '编码转换', 'charset'],
    en: ['charset', 'encoding detector', 'mojibake', 'GBK', 'Big5', 'convert to UTF-8', 'BOM'],
  },
} satisfies ToolSearchWords;
