import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'Markdown编辑器',
    en: 'Markdown Editor',
  },
  aliases: {
    cn: ['md', 'markdown', '笔记', '写作', '文档编辑', 'md编辑器'],
    en: ['md', 'markdown', 'notes', 'writing', 'md editor'],
  },
} satisfies ToolSearchWords;
