import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '汉字乱序,文字乱序,乱序文本,打乱字序,研表究明,防屏蔽,关键词过滤',
    en: 'Chinese text shuffler,scramble Chinese characters,typoglycemia,word scrambler,keyword filter',
  },
  aliases: {
    cn: ['乱序', '打乱文字', '字序', '研表究明', '防屏蔽', '防和谐'],
    en: ['shuffle', 'scramble', 'typoglycemia', 'disorder', 'chinese'],
  },
} satisfies ToolSearchWords;
