import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  intro: '开启后，只要本页开着并显示在前台，屏幕就不会变暗或自动锁屏。切到其他标签页或应用时浏览器会暂时释放，回到本页后自动重新开启。',
  turnOn: '开启常亮',
  turnOff: '关闭常亮',
  status: {
    off: '屏幕会照常变暗和锁屏',
    acquiring: '正在请求保持常亮…',
    onWakeLock: '屏幕将保持常亮',
    onDesktop: '屏幕将保持常亮（窗口在后台时也有效）',
    onVideo: '屏幕将保持常亮（此浏览器没有屏幕唤醒锁，改为循环播放一段无声视频）',
    released: '浏览器已暂时释放常亮（页面被隐藏或进入省电模式），回到本页后会自动重新开启',
    denied: '浏览器拒绝了保持常亮（可能处于省电模式），请稍后再试',
    unsupported: '此浏览器不支持保持屏幕常亮',
    ended: '定时已到，已关闭常亮',
  },
  timer: {
    label: '定时关闭',
    none: '不定时',
    minutes: '{{count}} 分钟',
    custom: '自定义',
    customLabel: '分钟数（1–1440）',
    countdown: '{{time}} 后自动关闭',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  intro:
    'While on, the screen will not dim or lock as long as this page is open and in front. Switching to another tab or app makes the browser let go for a while; it is taken again when you come back.',
  turnOn: 'Keep screen on',
  turnOff: 'Turn off',
  status: {
    off: 'The screen dims and locks as usual',
    acquiring: 'Asking to keep the screen on…',
    onWakeLock: 'The screen will stay on',
    onDesktop: 'The screen will stay on (also with the window in the background)',
    onVideo: 'The screen will stay on (this browser has no screen wake lock, so a silent video loops instead)',
    released: 'The browser let go for now (page hidden or power saving); it is taken again when you come back to this page',
    denied: 'The browser refused to keep the screen on (power saving mode?); try again later',
    unsupported: 'This browser cannot keep the screen on',
    ended: 'Time is up: the screen may turn off again',
  },
  timer: {
    label: 'Turn off after',
    none: 'No timer',
    minutes: '{{count}} min',
    custom: 'Custom',
    customLabel: 'Minutes (1–1440)',
    countdown: 'Turns off in {{time}}',
  },
};
