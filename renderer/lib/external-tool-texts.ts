import type { LocaleShape } from '@/i18n/types';

/**
 * Texts of the external tools' menu entries and cards, added to the common namespace as
 * `externalTools` by external-tool-launch.ts when there is one to show (not in the first load).
 */
export const cn = {
  player: { title: '本地播放器', description: '在新窗口打开本地音视频播放器，文件不离开设备。' },
  recorder: { title: '屏幕录制', description: '在新窗口打开屏幕录制工具，录制屏幕、窗口或标签页。' },
  colorPicker: { title: '取色器', description: '在新窗口打开取色器，从屏幕上拾取颜色。' },
  opensNewWindow: '在新窗口打开',
  blocked: '新窗口打开失败，可能被浏览器拦截了，请允许本站弹出窗口后重试。',
  timedOut: '消息超时：新窗口没有在 15 秒内回应，请检查后重试。',
};

export const en: LocaleShape<typeof cn> = {
  player: { title: 'Local player', description: 'Opens a local audio and video player in a new window; files stay on your device.' },
  recorder: { title: 'Screen recorder', description: 'Opens a screen recorder in a new window: record a screen, a window or a tab.' },
  colorPicker: { title: 'Colour picker', description: 'Opens a colour picker in a new window to pick colours from the screen.' },
  opensNewWindow: 'Opens in a new window',
  blocked: 'The window could not be opened: it may be blocked by the browser. Allow pop-ups for this site and try again.',
  timedOut: 'The message timed out: the new window did not answer within 15 seconds. Check it and try again.',
};
