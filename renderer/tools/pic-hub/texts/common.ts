import type { LocaleShape } from '@/i18n/types';

/** Texts every tab shares: tab names, the active hub line, the spec's messages (§8) and the error kinds. */
export const cn = {
  title: '图床',
  tabs: {
    label: '图床功能',
    upload: '上传',
    gallery: '图片管理',
    storage: '图床配置',
    setting: '功能设置',
    help: '帮助',
    feedback: '反馈',
  },
  hub: {
    active: '当前图床',
    none: '还没有配置图床，上传前先添加一个 GitHub 仓库。',
    configure: '配置图床',
    change: '更换',
    system: '系统图床（试用）',
    loading: '正在读取图床…',
  },
  loading: '努力加载中...',
  /** Spec §8, word for word. */
  messages: {
    fileUploadFailed: '文件上传失败',
    uploadFailed: '上传失败',
    network: '网络不通',
    illegalClientId: '非法clientId',
    commitFailed: '创建commit失败',
    allCdnFail: 'all cdnSite fail!',
    copied: '复制成功',
  },
};

export const en: LocaleShape<typeof cn> = {
  title: 'PicHub',
  tabs: {
    label: 'PicHub sections',
    upload: 'Upload',
    gallery: 'Gallery',
    storage: 'Storage',
    setting: 'Settings',
    help: 'Help',
    feedback: 'Feedback',
  },
  hub: {
    active: 'Hub',
    none: 'No hub yet: add a GitHub repository before uploading.',
    configure: 'Set up storage',
    change: 'Change',
    system: 'System hub (trial)',
    loading: 'Reading your hubs…',
  },
  loading: 'Loading...',
  messages: {
    fileUploadFailed: 'File upload failed',
    uploadFailed: 'Upload failed',
    network: 'Network unreachable',
    illegalClientId: 'Invalid clientId',
    commitFailed: 'Could not create the commit',
    allCdnFail: 'all cdnSite fail!',
    copied: 'Copied',
  },
};
