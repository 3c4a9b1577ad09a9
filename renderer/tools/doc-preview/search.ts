import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'Word 预览,docx 预览,在线打开 Word,Word 查看器,doc 文件打开,文档预览,docx 转网页,免费 Word 阅读器',
    en: 'Word viewer,docx viewer,open docx online,view Word document,doc file reader,docx preview,free Word reader',
  },
  aliases: { cn: ['docx 预览', 'Word 查看器', 'doc 打开'], en: ['docx viewer', 'Word reader'] },
} satisfies ToolSearchWords;
