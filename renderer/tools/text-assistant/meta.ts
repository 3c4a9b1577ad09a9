/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文本助手',
    description:
      '字数统计（字符、汉字、字数、行数、UTF-8/GBK 字节）、大小写转换、全角半角互转、简繁转换（含台湾、香港用词）、去重排序、去空行、正则查找替换、加前后缀、提取数字邮箱网址；多个操作串成步骤链并自动记住，全部在本机完成。',
  },
  en: {
    title: 'Text assistant',
    description:
      'Count characters, Chinese characters, words, lines and UTF-8/GBK bytes; change case, full-width ↔ half-width, simplified ↔ traditional Chinese (Taiwan and Hong Kong included), dedupe and sort lines, remove blank lines, regex find/replace, prefixes and suffixes, extract numbers, emails and URLs — chained, remembered, all on your device.',
  },
};
