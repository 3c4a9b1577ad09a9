/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '聊天助手',
    description: '和 AI 模型对话：流式回答，Markdown、代码与公式排版，对话只保存在本机，可导出为 Markdown',
  },
  en: {
    title: 'Chat assistant',
    description:
      'Talk to an AI model: streamed answers with Markdown, code and math, conversations kept on this device only, export as Markdown',
  },
};
