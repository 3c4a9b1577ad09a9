import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  intro: '遇到问题或有好主意？告诉我们。无需登录；登录后提交的反馈可以在个人中心查看处理进度和回复。',
  type: { label: '类型', BUG: '问题', IDEA: '建议', OTHER: '其他' },
  content: { label: '内容', placeholder: '发生了什么？你希望怎样？' },
  screenshot: {
    label: '截图（可选）',
    hint: 'PNG、JPEG、WebP 或 GIF，最大 {{size}}，随反馈上传给站长；也可以直接粘贴',
    remove: '移除截图',
    tooLarge: '截图不能超过 {{size}}',
  },
  contact: { label: '联系邮箱（可选）', placeholder: 'name@example.com', hint: '仅站长可见，用于回复你' },
  attached: {
    label: '随反馈发送的信息',
    hint: '帮助我们重现问题；不想发送的可以移除',
    page: '来源页面',
    environment: '环境信息',
    remove: '移除',
    none: '不附带任何信息',
  },
  submit: '提交反馈',
  sending: '正在提交…',
  thanks: '感谢你的反馈！',
  thanksLogged: '可以在个人中心查看处理进度和站长回复。',
  thanksAnonymous: '匿名反馈无法查看回复；如需回复请填写联系邮箱，或登录后提交。',
  myFeedback: '我的反馈',
  another: '再提交一条',
  failed: '提交失败：{{message}}',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  intro:
    'Something wrong, or a good idea? Tell us. No account needed; feedback sent while logged in can be followed, with the reply, in your user center.',
  type: { label: 'Type', BUG: 'Bug', IDEA: 'Idea', OTHER: 'Other' },
  content: { label: 'Your feedback', placeholder: 'What happened? What would you like?' },
  screenshot: {
    label: 'Screenshot (optional)',
    hint: 'PNG, JPEG, WebP or GIF, at most {{size}}, sent to the site owner with your feedback; pasting works too',
    remove: 'Remove the screenshot',
    tooLarge: 'The screenshot must be at most {{size}}',
  },
  contact: { label: 'Contact e-mail (optional)', placeholder: 'name@example.com', hint: 'Only the site owner sees it, to answer you' },
  attached: {
    label: 'Sent with your feedback',
    hint: 'It helps us reproduce a problem; remove what you would rather not send',
    page: 'Page',
    environment: 'Environment',
    remove: 'Remove',
    none: 'Nothing else is sent',
  },
  submit: 'Send feedback',
  sending: 'Sending…',
  thanks: 'Thank you for your feedback!',
  thanksLogged: 'Follow its status and the reply in your user center.',
  thanksAnonymous: 'Anonymous feedback gets no reply here; leave a contact e-mail or log in before sending if you want one.',
  myFeedback: 'My feedback',
  another: 'Send another',
  failed: 'Could not send: {{message}}',
};
