import type { LocaleShape } from '@/i18n/types';
import { useLanguage } from '@/app/language';

/**
 * Texts of the floating menu's entries and the console panel, which come with those lazy parts
 * (not in the first load), in the page's language.
 */
export const cn = {
  feedback: '意见反馈',
  welfare: '福利',
  console: '控制台',
  assistant: '小助手',
  assistantVisible: '显示小助手',
  more: '更多',
  consoleTitle: '控制台',
  consoleHint: '本页最近的错误、失败的请求和工具日志，可复制后附在问题反馈里。',
  consoleEmpty: '暂无记录',
  copy: '复制全部',
  copied: '已复制控制台记录',
  copyFailed: '复制失败，请手动选择文本复制',
  clear: '清空',
  close: '关闭控制台',
  kinds: { error: '错误', request: '请求', log: '日志' },
  status: '状态',
  requestId: '请求 ID',
};

export const en: LocaleShape<typeof cn> = {
  feedback: 'Feedback',
  welfare: 'Perks',
  console: 'Console',
  assistant: 'Assistant',
  assistantVisible: 'Show the assistant',
  more: 'More',
  consoleTitle: 'Console',
  consoleHint: "This page's recent errors, failed requests and tool logs. Copy them into a bug report.",
  consoleEmpty: 'Nothing recorded yet',
  copy: 'Copy all',
  copied: 'Console records copied',
  copyFailed: 'Copying failed; select the text and copy it by hand',
  clear: 'Clear',
  close: 'Close the console',
  kinds: { error: 'Error', request: 'Request', log: 'Log' },
  status: 'status',
  requestId: 'request id',
};

export function useFurnitureTexts(): typeof cn {
  return useLanguage() === 'en' ? en : cn;
}
