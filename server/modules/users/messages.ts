import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';

/**
 * Texts the visitor reads (sent with `ext.popupNotice`). The API has no language parameter and the
 * site language lives in the page address, so each text carries Chinese first and English after.
 */
export const MSG = {
  loginFailed: '账号或密码错误 / Wrong account or password',
  accountDisabled: '账号已被禁用 / This account is disabled',
  userNameTaken: 'userName: 用户名已被使用 / This user name is taken',
  emailTaken: 'email: 邮箱已被使用 / This email is already in use',
  captchaWrong: 'captcha: 验证码错误或已过期 / Wrong or expired verification code',
  captchaTokenInvalid: 'captchaToken: 验证已失效，请重新获取验证码 / Verification expired, request a new code',
  wrongOldPassword: 'oldPassword: 原密码错误 / The current password is wrong',
  demoReadOnly: '演示账号不能修改昵称、头像、邮箱或密码 / The demo account cannot change its nickname, avatar, email or password',
  cannotDisableSelf: '不能禁用自己的账号 / You cannot disable your own account',
  tooManyLogins: '登录尝试过多，请 15 分钟后再试 / Too many login attempts, try again in 15 minutes',
  tooManyRegistrations: '注册过于频繁，请稍后再试 / Too many registrations, try again later',
  tooManyCaptchaMails: '验证码发送过于频繁，请稍后再试 / Codes are sent too often, wait a minute and retry',
  tooManyCaptchaChecks: '验证尝试过多，请稍后再试 / Too many verification attempts, try again later',
  tooManyRefreshes: '刷新令牌过于频繁，请稍后再试 / Too many token refreshes, try again later',
  tooManyPasswordChanges: '修改密码尝试过多，请 15 分钟后再试 / Too many password change attempts, try again in 15 minutes',
  tooManyAvatarUploads: '头像上传过于频繁，请 15 分钟后再试 / Too many avatar uploads, try again in 15 minutes',
  avatarTooLarge: 'file: 头像不能超过 2 MB / The avatar must be at most 2 MB',
  avatarMissing: 'file: 请选择图片 / Choose an image file',
  avatarWrongType: 'file: 只支持 JPEG、PNG、WebP、GIF、AVIF 图片 / Only JPEG, PNG, WebP, GIF and AVIF images are accepted',
  avatarUnreadable: 'file: 图片无法读取 / The image cannot be read',
} as const;

/** A 400 whose message the visitor sees. */
export const badRequest = (message: string) => new HttpError(400, API_CODE.BAD_REQUEST, message, { popupNotice: true });

export const notFound = (message: string) => new HttpError(404, API_CODE.NOT_FOUND, message);
