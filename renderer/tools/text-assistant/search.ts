import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文本助手,字数统计,字符统计,简繁转换,繁体转简体,全角转半角,大小写转换,文本去重,去除空行,正则替换,提取邮箱,提取网址,批量加前缀',
    en: 'text tools,word count,character count,simplified to traditional chinese,full-width to half-width,case converter,remove duplicate lines,remove blank lines,regex replace,extract emails,extract urls',
  },
  aliases: {
    cn: [
      '字数统计',
      '字符统计',
      '简繁转换',
      '繁简转换',
      '繁体',
      '全角半角',
      '大小写',
      '去重',
      '去空行',
      '排序',
      '正则替换',
      '批量替换',
      '加前缀',
      '提取邮箱',
      '提取网址',
      '提取数字',
      'wenben',
    ],
    en: [
      'word count',
      'character counter',
      'case converter',
      'traditional chinese',
      'simplified chinese',
      'opencc',
      'full width',
      'dedupe',
      'sort lines',
      'regex replace',
      'extract emails',
    ],
  },
} satisfies ToolSearchWords;
