import type { LocaleShape } from '@/i18n/types';

/** The animated assistant's texts (`common:assistant.*`), added with its chunk. */
export const cn = {
  open: '打开小助手',
  close: '关闭小助手',
  title: '小助手',
  tipsFor: '关于「{{title}}」',
  tipsHere: '使用提示',
  tips: {
    search: '按 Ctrl+K（Mac 上 ⌘K）或点顶部的搜索框，输入名称或拼音就能找到工具。',
    shortcut: '按 Ctrl+K（Mac 上 ⌘K）可以随时搜索并切换到其他工具。',
    dropFiles: '把文件拖到页面的虚线框里，或点击虚线框选择文件。',
    privacy: '文件只在你的浏览器里处理，不会上传到服务器。',
    uploads: '这个工具会把你选的图片上传到你配置的图床，其余内容留在本机。',
    offline: '访问过一次之后，这个页面断网也能打开。',
  },
  feedback: '对这个页面有问题或建议？告诉我们',
  chatTitle: '问问 AI',
  chatOff: '本站没有配置聊天服务，所以这里只有提示。',
  chatLoading: '正在读取聊天设置…',
  chatPlaceholder: '输入问题，Enter 发送，Shift+Enter 换行',
  chatHint: '对话不保存，刷新页面后清空。',
  send: '发送',
  stop: '停止',
  thinking: '正在思考…',
  stopped: '（已停止）',
  tooLarge: '问题太长，请缩短到 {{kilobytes}} KB 以内',
  systemPrompt: '你是「百宝箱」在线工具站的小助手，回答简短、友好，用中文。用户正在看的页面：{{page}}',
};

export const en: LocaleShape<typeof cn> = {
  open: 'Open the assistant',
  close: 'Close the assistant',
  title: 'Assistant',
  tipsFor: 'About “{{title}}”',
  tipsHere: 'Tips',
  tips: {
    search: 'Press Ctrl+K (⌘K on a Mac) or use the search box at the top to find a tool by name.',
    shortcut: 'Press Ctrl+K (⌘K on a Mac) any time to search and switch to another tool.',
    dropFiles: 'Drag files onto the dashed box on the page, or click the box to pick them.',
    privacy: 'Your files are processed in your browser and never uploaded to a server.',
    uploads: 'This tool uploads the pictures you pick to the hosting you configured; everything else stays on your device.',
    offline: 'Once you have visited it, this page opens even without a network.',
  },
  feedback: 'A problem or an idea about this page? Tell us',
  chatTitle: 'Ask the AI',
  chatOff: 'This site has no chat service configured, so there are only tips here.',
  chatLoading: 'Reading the chat settings…',
  chatPlaceholder: 'Type a question; Enter sends, Shift+Enter starts a new line',
  chatHint: 'The conversation is not saved: reloading the page clears it.',
  send: 'Send',
  stop: 'Stop',
  thinking: 'Thinking…',
  stopped: '(stopped)',
  tooLarge: 'The question is too long; keep it under {{kilobytes}} KB',
  systemPrompt:
    'You are the assistant of Baibao, a site of free online tools. Answer briefly and kindly, in English. The page the user is on: {{page}}',
};
