import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '聊天助手,AI 对话,人工智能,问答,大模型',
    en: 'chat assistant,AI chat,LLM,questions and answers',
  },
  aliases: { cn: ['ChatGPT', 'GPT', 'AI', '机器人'], en: ['ChatGPT', 'GPT', 'AI', 'chatbot'] },
} satisfies ToolSearchWords;
