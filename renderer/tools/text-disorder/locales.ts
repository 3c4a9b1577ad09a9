import type { LocaleShape } from '@/i18n/types';

export const cn = {
  meta: {
    title: '汉字乱序',
    description: '打乱中文词语内部的字序（研表究明，汉字序顺并不定一影阅响读），人仍能读懂而关键词过滤认不出；可保留首尾字、调节强度、用种子复现结果，全部在本机完成。',
    keywords: '汉字乱序,文字乱序,乱序文本,打乱字序,研表究明,防屏蔽,关键词过滤',
  },
  intro: '按词打乱字的顺序：人读起来几乎无碍，按原词精确匹配的过滤却认不出。标点、数字、网址和邮箱保持原位不动。',
  inputLabel: '原文',
  outputLabel: '乱序结果',
  placeholder: '输入或粘贴要打乱的文字',
  sample: '填入示例',
  sampleText: '研究表明，汉字的顺序并不一定能影响阅读。比如当你看完这句话后，才发现这里的字全是乱的。',
  clear: '清空',
  options: {
    keepFirst: '保留词首字',
    keepLast: '保留词尾字',
    latin: '同时打乱英文单词',
    latinHint: '英文单词保留首尾字母，4 个字母以上才会变化',
    keepHint: '两字词只有在首尾都不保留时才会互换；保留得越多，能变化的词越少',
    intensity: '强度',
    intensityValue: '{{value}}% 的词',
    seed: '种子',
    seedHint: '同样的原文、种子和选项总会得到同样的结果',
    newSeed: '换一个种子',
  },
  stats: {
    characters: '{{chars}} 字',
    shuffled: '已打乱 {{shuffled}} / {{eligible}} 个词',
  },
  copy: '复制结果',
  download: '下载 .txt',
  fileName: '汉字乱序.txt',
};

export const en: LocaleShape<typeof cn> = {
  meta: {
    title: 'Chinese word shuffler',
    description: 'Shuffle the characters inside Chinese words (研表究明，汉字序顺并不定一影阅响读): people still read it, exact-match filters do not. Keep first/last characters, set the intensity, reproduce with a seed — all on your device.',
    keywords: 'Chinese text shuffler,scramble Chinese characters,typoglycemia,word scrambler,keyword filter',
  },
  intro: 'Shuffles the characters within each word: people read it almost as easily, filters matching the exact words do not. Punctuation, numbers, URLs and emails stay exactly where they are.',
  inputLabel: 'Original',
  outputLabel: 'Shuffled',
  placeholder: 'Type or paste the text to shuffle',
  sample: 'Use sample',
  sampleText: '研究表明，汉字的顺序并不一定能影响阅读。比如当你看完这句话后，才发现这里的字全是乱的。',
  clear: 'Clear',
  options: {
    keepFirst: 'Keep first character',
    keepLast: 'Keep last character',
    latin: 'Scramble English words too',
    latinHint: 'English words keep their first and last letters, so only words of 4+ letters change',
    keepHint: 'Two-character words can only swap when neither end is kept; the more you keep, the fewer words can change',
    intensity: 'Intensity',
    intensityValue: '{{value}}% of words',
    seed: 'Seed',
    seedHint: 'The same text, seed and options always give the same result',
    newSeed: 'New seed',
  },
  stats: {
    characters: '{{chars}} characters',
    shuffled: '{{shuffled}} / {{eligible}} words shuffled',
  },
  copy: 'Copy result',
  download: 'Download .txt',
  fileName: 'shuffled.txt',
};
