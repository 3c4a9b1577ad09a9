import type { CaptchaPurpose } from '@shared/contracts/users';
import type { Mail } from './mailer';

const PURPOSE_TEXT: Record<CaptchaPurpose, { cn: string; en: string }> = {
  register: { cn: '注册百宝箱账号', en: 'create your Baibao account' },
  resetPassword: { cn: '重置密码', en: 'reset your password' },
  changeEmail: { cn: '更换账号邮箱', en: 'change the email of your account' },
};

/** Chinese first, English below: the site's audience reads Chinese first (spec §1). */
export function captchaMail(to: string, purpose: CaptchaPurpose, code: string, validMinutes: number): Mail {
  const { cn, en } = PURPOSE_TEXT[purpose];
  return {
    to,
    subject: `百宝箱验证码 / Baibao verification code`,
    text: [
      `您的验证码是 ${code}，用于${cn}，${validMinutes} 分钟内有效。`,
      '如果这不是您本人的操作，请忽略本邮件。',
      '',
      `Your verification code is ${code}. Use it to ${en} within ${validMinutes} minutes.`,
      'If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}
