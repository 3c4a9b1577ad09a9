/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '汉字乱序',
    description:
      '打乱中文词语内部的字序（研表究明，汉字序顺并不定一影阅响读），人仍能读懂而关键词过滤认不出；可保留首尾字、调节强度、用种子复现结果，全部在本机完成。',
  },
  en: {
    title: 'Chinese word shuffler',
    description:
      'Shuffle the characters inside Chinese words (研表究明，汉字序顺并不定一影阅响读): people still read it, exact-match filters do not. Keep first/last characters, set the intensity, reproduce with a seed — all on your device.',
  },
};
