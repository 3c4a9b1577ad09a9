import type { LocaleShape } from '@/i18n/types';

/** The upload tab's texts (part 6 of issue 16). */
export const cn = {
  title: '上传图片',
  drop: {
    title: '点击选择、拖入或粘贴图片',
    hint: '可一次多张，支持 Ctrl+V 粘贴截图；单张不超过 {{size}}',
    disabled: '先配置图床，才能上传',
  },
  noHub: {
    title: '还没有配置图床',
    description: '图片会存进你自己的 GitHub 仓库：添加仓库和令牌后即可上传。',
    action: '去配置图床',
    help: '如何创建令牌？',
  },
  system: {
    title: '正在使用站点的系统图床（试用）',
    description: '单张不超过 5 MB，并有频率限制；配置自己的 GitHub 仓库可长期使用。',
    action: '配置自己的图床',
  },
  quick: {
    rename: '重命名',
  },
  sizes: '{{before}} → {{after}}',
  copyAll: '复制全部（{{format}}）',
  retry: '重试',
  retryFailed: '重试失败的 {{count}} 张',
  syncFailed: '已上传到仓库，但记录没能保存到账号（{{reason}}），已保存在本机。',
  noLink: '已上传，但这个 CDN 模板生成不了链接',
};

export const en: LocaleShape<typeof cn> = {
  title: 'Upload pictures',
  drop: {
    title: 'Click to pick, drop or paste pictures',
    hint: 'Many at once; Ctrl+V pastes a screenshot; at most {{size}} each',
    disabled: 'Set up a hub before uploading',
  },
  noHub: {
    title: 'No hub yet',
    description: 'Pictures go to your own GitHub repository: add the repository and a token, then upload.',
    action: 'Set up a hub',
    help: 'How do I make a token?',
  },
  system: {
    title: 'Uploading to this site’s system hub (trial)',
    description: 'At most 5 MB per picture, rate-limited; set up your own GitHub repository to keep using it.',
    action: 'Set up my own hub',
  },
  quick: {
    rename: 'Rename',
  },
  sizes: '{{before}} → {{after}}',
  copyAll: 'Copy all ({{format}})',
  retry: 'Retry',
  retryFailed: 'Retry the {{count}} failed',
  syncFailed: 'Uploaded to the repository, but the account could not save the record ({{reason}}); it is kept on this device.',
  noLink: 'Uploaded, but this CDN template makes no link for it',
};
