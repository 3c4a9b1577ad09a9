import type { LocaleShape } from '@/i18n/types';

/** Pasted and dropped pictures: `images.*` in the tool's namespace (locales.ts). */
export const cn = {
  uploadSetting: '粘贴或拖入的图片上传到图床（PicHub）',
  uploadOn: '图片会上传到 {{hub}} 并插入 CDN 链接；上传失败时保存在文档中',
  uploadOff: '图片保存在本机的文档中（导出 HTML 时一并嵌入）',
  noHub: '还没有配置图床，图片保存在本机的文档中。',
  configureHub: '去图床 PicHub 添加 GitHub 仓库',
  notImage: '只能插入图片文件，其他文件已忽略',
  ignored: '已忽略 {{count}} 个不是图片的文件',
  uploading: '正在上传到图床…',
  uploaded: '已上传到图床并插入链接',
  hubGone: '没有找到图床配置，图片已保存在文档中',
  uploadFailed: '上传到图床失败（{{reason}}），图片已保存在文档中',
  reasonNetwork: '网络不通',
  reasonAuth: 'GitHub 令牌无效、没有写权限或仓库不存在',
  reasonRateLimited: 'GitHub 访问次数超限，请稍后再试',
  reasonNotImage: '无法识别的图片',
  reasonOther: '请稍后重试',
};

export const en: LocaleShape<typeof cn> = {
  uploadSetting: 'Upload pasted and dropped pictures to PicHub',
  uploadOn: 'Pictures go to {{hub}} and their CDN links are inserted; if uploading fails they are kept in the document',
  uploadOff: 'Pictures are kept in the document on this device (an HTML export embeds them)',
  noHub: 'No PicHub hub is configured: pictures are kept in the document on this device.',
  configureHub: 'Add a GitHub repository in PicHub',
  notImage: 'Only pictures can be inserted: other files were ignored',
  ignored: '{{count}} files that are not pictures were ignored',
  uploading: 'Uploading to PicHub…',
  uploaded: 'Uploaded to PicHub and linked',
  hubGone: 'No PicHub hub found: the pictures are kept in the document',
  uploadFailed: 'Uploading to PicHub failed ({{reason}}): the pictures are kept in the document',
  reasonNetwork: 'no network connection',
  reasonAuth: 'the GitHub token is invalid, may not push, or the repository is gone',
  reasonRateLimited: 'GitHub’s rate limit is reached, try again later',
  reasonNotImage: 'a picture could not be read',
  reasonOther: 'please try again later',
};
