import type { Page } from '@shared/contracts/api';
import type {
  LoginLog,
  LoginRequest,
  OAuth2Binding,
  RegisterRequest,
  TokenPair,
  UserDetails,
  UserInfo,
  UserRow,
  UserSimplified,
  CaptchaPurpose,
} from '@shared/contracts/users';
import { http } from '@/app/http';

/** The spec §7 "Users" calls, typed. Pages call these, never URLs of their own. */
export const usersApi = {
  login: (body: LoginRequest) => http.post<TokenPair>('/api/users/login', body),
  logout: (refreshToken: string | undefined) => http.post<null>('/api/users/logout', { refreshToken }, { quiet: true }),
  info: (force = false) => http.get<UserInfo>('/api/users/info', { params: { force } }),
  details: () => http.get<UserDetails>('/api/users/info/details'),
  updateDetails: (nickName: string) => http.put<UserDetails>('/api/users/info/details', { nickName }),
  register: (body: RegisterRequest) => http.post<TokenPair>('/api/users/register', body),
  sendCaptcha: (email: string, purpose: CaptchaPurpose) => http.post<null>('/api/users/captcha/send', { email, purpose }),
  validateCaptcha: (email: string, purpose: CaptchaPurpose, captcha: string) =>
    http.post<null>('/api/users/captcha/validate', { email, purpose, captcha }),
  captchaToken: (email: string, purpose: CaptchaPurpose, captcha: string) =>
    http.post<string>('/api/users/captcha/checkAndCreateToken', { email, purpose, captcha }),
  /** Resolves to the new avatar's URL. */
  uploadAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('file', file, 'avatar');
    return http.put<string>('/api/users/avatar', form);
  },
  loginLogs: (pageNum: number, pageSize: number) =>
    http.get<Page<LoginLog>>('/api/users/login-logs/mine/list/page', { params: { pageNum, pageSize } }),
  saveSettings: (settings: string) => http.put<null>('/api/users/settings', { settings }, { quiet: true }),
  /** The account's settings as the server holds them now, for the background sync (quiet: it never interrupts). */
  serverSettings: () => http.get<UserInfo>('/api/users/info', { params: { force: true }, quiet: true }),
  oauth2Bindings: () => http.get<OAuth2Binding[]>('/api/users/me/oauth2/list'),
  changeEmail: (captchaToken: string) => http.post<null>('/api/users/email/change', { captchaToken }),
  resetPassword: (captchaToken: string, password: string) => http.post<null>('/api/users/password/change', { captchaToken, password }),
  changeMyPassword: (oldPassword: string, password: string) =>
    http.post<null>('/api/users/password/change/mine', { oldPassword, password }),
  listUsers: (pageNum: number, pageSize: number, keyword?: string) =>
    http.get<Page<UserRow>>('/api/users/list/page', { params: { pageNum, pageSize, ...(keyword ? { keyword } : {}) } }),
  enableUser: (userId: number) => http.put<null>(`/api/users/${userId}/enable`),
  disableUser: (userId: number) => http.put<null>(`/api/users/${userId}/disable`),
  createTokenFor: (userId: number) => http.post<TokenPair>(`/api/users/${userId}/token/create`),
  /** Whether the server offers a demo account; quiet, since a login page must never complain about it. */
  testAccountEnabled: () => http.get<{ enabled: boolean }>('/api/users/test-account', { quiet: true }),
  testAccountToken: () => http.get<TokenPair>('/api/users/test-account/token'),
  simplified: (userId: number) => http.get<UserSimplified>(`/api/users/${userId}/info/simplified`),
};
