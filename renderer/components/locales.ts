import type { LocaleShape } from '@/i18n/types';
import { cn as imageCn, en as imageEn } from './image/locales';

/** Texts of the shared UI pieces (namespace `components`). */
export const cn = {
  copy: '复制',
  copySuccess: '复制成功',
  copyFailed: '复制失败，请手动选择文本复制',
  download: '下载',
  downloadFailed: '下载失败：{{message}}',
  dropTitle: '点击选择、拖拽或粘贴文件到这里',
  dropTitleSingle: '点击选择或拖拽一个文件到这里',
  dropHint: '支持多个文件与文件夹，任意大小；文件只在本机处理，不会上传',
  dropHintSingle: '文件只在本机处理，不会上传',
  acceptHint: '支持的类型：{{accept}}',
  rejected_one: '已忽略 {{count}} 个不支持的文件：{{names}}',
  rejected_other: '已忽略 {{count}} 个不支持的文件：{{names}}',
  folderReadFailed: '无法读取拖入的文件夹：{{message}}',
  pickFolder: '选择文件夹',
  colorHex: '{{name}}（十六进制）',
  componentUnavailable: '无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试；联网打开过一次后即可离线使用',
  image: imageCn,
  batch: {
    summary: '共 {{total}} 个，完成 {{done}} 个',
    cancel: '取消',
    cancelAll: '全部取消',
    remove: '移除',
    clear: '清空列表',
    status: {
      queued: '等待中',
      running: '处理中',
      done: '完成',
      error: '失败',
      cancelled: '已取消',
    },
  },
};

export const en: LocaleShape<typeof cn> = {
  copy: 'Copy',
  copySuccess: 'Copied',
  copyFailed: 'Could not copy; please select the text and copy it by hand',
  download: 'Download',
  downloadFailed: 'Download failed: {{message}}',
  dropTitle: 'Click to choose, or drop or paste files here',
  dropTitleSingle: 'Click to choose, or drop one file here',
  dropHint: 'Several files and folders of any size; files are processed on your device, never uploaded',
  dropHintSingle: 'The file is processed on your device, never uploaded',
  acceptHint: 'Accepted types: {{accept}}',
  rejected_one: 'Ignored {{count}} unsupported file: {{names}}',
  rejected_other: 'Ignored {{count}} unsupported files: {{names}}',
  folderReadFailed: 'Could not read the dropped folder: {{message}}',
  pickFolder: 'Choose a folder',
  colorHex: '{{name}} (hex)',
  componentUnavailable:
    'A component this page needs could not be loaded (offline, or the site was just updated?). Check your connection and reload the page; after one visit online it works offline',
  image: imageEn,
  batch: {
    summary: '{{done}} of {{total}} done',
    cancel: 'Cancel',
    cancelAll: 'Cancel all',
    remove: 'Remove',
    clear: 'Clear list',
    status: {
      queued: 'Waiting',
      running: 'Working',
      done: 'Done',
      error: 'Failed',
      cancelled: 'Cancelled',
    },
  },
};
