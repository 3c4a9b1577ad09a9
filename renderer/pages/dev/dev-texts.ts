import type { LocaleShape } from '@/i18n/types';
import { useLanguage } from '@/app/language';

/** Texts of the development pages (/test, /test/test2), which load with them. */
export const cn = {
  galleryTitle: '组件一览',
  galleryHint: '开发用页面：项目共用组件在浅色/深色主题和手机宽度下的样子。不出现在菜单和站点地图里。',
  buttons: '按钮',
  primary: '主要按钮',
  normal: '默认按钮',
  dashed: '虚线按钮',
  danger: '危险按钮',
  loading: '加载中',
  alerts: '提示',
  alertText: { success: '操作成功', info: '一条说明', warning: '请注意', error: '出错了' },
  tags: '标签',
  controls: '表单控件',
  inputPlaceholder: '输入一些文字',
  optionA: '选项一',
  optionB: '选项二',
  progress: '进度',
  benchTitle: '页面部件测试台',
  benchHint: '开发用页面：触发消息、错误、失败的请求和工具日志，检查控制台、消息去重和错误上报。',
  message: '弹出同一条消息',
  messageText: '这是一条测试消息',
  throwError: '抛出未捕获的错误',
  rejectPromise: '产生未处理的 Promise 拒绝',
  failRequest: '发送一个会失败的请求',
  writeLog: '写一条工具日志',
  logText: '测试台写入的日志',
};

export const en: LocaleShape<typeof cn> = {
  galleryTitle: 'Component gallery',
  galleryHint:
    'A development page: the shared components in the light and dark themes and at phone width. Not in the menus or the sitemap.',
  buttons: 'Buttons',
  primary: 'Primary',
  normal: 'Default',
  dashed: 'Dashed',
  danger: 'Danger',
  loading: 'Loading',
  alerts: 'Alerts',
  alertText: { success: 'Done', info: 'A note', warning: 'Careful', error: 'Something went wrong' },
  tags: 'Tags',
  controls: 'Form controls',
  inputPlaceholder: 'Type some text',
  optionA: 'Option one',
  optionB: 'Option two',
  progress: 'Progress',
  benchTitle: 'Page furniture test bench',
  benchHint:
    'A development page: set off messages, errors, failed requests and tool logs to check the console, message deduplication and error reporting.',
  message: 'Show the same message',
  messageText: 'This is a test message',
  throwError: 'Throw an uncaught error',
  rejectPromise: 'Leave a promise rejection unhandled',
  failRequest: 'Send a request that fails',
  writeLog: 'Write a tool log',
  logText: 'Logged by the test bench',
};

export function useDevTexts(): typeof cn {
  return useLanguage() === 'en' ? en : cn;
}
