import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
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
    characters_one: '{{count}} 字',
    characters_other: '{{count}} 字',
    shuffled: '已打乱 {{shuffled}} / {{eligible}} 个词',
  },
  running: '正在处理…',
  error: '处理失败：{{message}}',
  copy: '复制结果',
  download: '下载 .txt',
  fileName: '汉字乱序.txt',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  intro:
    'Shuffles the characters within each word: people read it almost as easily, filters matching the exact words do not. Punctuation, numbers, URLs and emails stay exactly where they are.',
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
    characters_one: '{{count}} character',
    characters_other: '{{count}} characters',
    shuffled: '{{shuffled}} / {{eligible}} words shuffled',
  },
  running: 'Working…',
  error: 'Shuffling failed: {{message}}',
  copy: 'Copy result',
  download: 'Download .txt',
  fileName: 'shuffled.txt',
};
