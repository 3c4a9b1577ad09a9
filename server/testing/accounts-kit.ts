import type { TokenPair } from '@shared/contracts/users';
import type { AccountsConfig, Config } from '../config';
import type { AccountRateLimits } from '../modules/users/rate-limits';
import { apiClient } from './api-client';
import { mailedCode, startSmtpSink } from './smtp-sink';
import { makeTempDir, startTestServer } from './test-server';

export const ADMIN = { userName: 'admin', email: 'admin@localhost', password: 'admin-secret-pw' } as const;
export const TEST_JWT_SECRET = 'test-secret-of-at-least-32-characters!!';

const roomy = { windowMs: 60_000, limit: 10_000 };
/** High enough that only the rate-limit tests, which set their own, ever meet a limit. */
export const ROOMY_LIMITS: AccountRateLimits = {
  loginPerIp: roomy,
  loginFailuresPerAccountAndIp: roomy,
  loginFailuresPerAccount: { windowMs: 60_000, free: 10_000, stepMs: 0, maxDelayMs: 0 },
  registerSuccessesPerIp: roomy,
  registerFailuresPerEmailAndIp: roomy,
  registerPerIp: roomy,
  demoTokenPerIp: roomy,
  captchaSendPerEmail: roomy,
  captchaSendPerIp: roomy,
  captchaCheckPerIp: roomy,
  tokenRefreshPerIp: roomy,
  passwordChangeFailuresPerUser: roomy,
  passwordChangePerIp: roomy,
  avatarUploadPerUser: roomy,
};

export interface AccountsServerOptions {
  env?: Record<string, string>;
  accounts?: Partial<AccountsConfig>;
  picHub?: Partial<Config['picHub']>;
  chat?: Partial<Config['chat']>;
  customerAds?: Partial<Config['customerAds']>;
  board?: Partial<Config['board']>;
  /** Leave SMTP unset: mails go to DATA_DIR/outbox. */
  withoutSmtp?: boolean;
}

/** The real server on a temp DATA_DIR with its mailer pointed at a loopback SMTP server. */
export async function startAccountsServer(options: AccountsServerOptions = {}) {
  const temp = await makeTempDir();
  const smtp = await startSmtpSink();
  const server = await startTestServer({
    dataDir: temp.path,
    env: { ...(options.withoutSmtp ? {} : smtp.env), ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: TEST_JWT_SECRET, ...options.env },
    accounts: { rateLimits: ROOMY_LIMITS, ...options.accounts },
    ...(options.picHub ? { picHub: options.picHub } : {}),
    ...(options.chat ? { chat: options.chat } : {}),
    ...(options.customerAds ? { customerAds: options.customerAds } : {}),
    ...(options.board ? { board: options.board } : {}),
  });
  const call = apiClient(server.baseUrl);

  async function login(account: string, password: string): Promise<TokenPair> {
    const res = await call<TokenPair>('POST', '/api/users/login', { json: { account, password } });
    if (res.status !== 200) throw new Error(`login of ${account} failed: ${res.body.msg}`);
    return res.body.data;
  }

  /** The whole sign-up: mail a code, read it from the SMTP server, register. */
  async function register(userName: string, email: string, password = 'password-123'): Promise<TokenPair> {
    await call('POST', '/api/users/captcha/send', { json: { email, purpose: 'register' } });
    const captcha = mailedCode(await smtp.nextMail(email));
    const res = await call<TokenPair>('POST', '/api/users/register', { json: { userName, email, password, captcha } });
    if (res.status !== 200) throw new Error(`register of ${userName} failed: ${res.body.msg}`);
    return res.body.data;
  }

  return {
    server,
    smtp,
    call,
    dataDir: temp.path,
    login,
    register,
    adminLogin: () => login(ADMIN.userName, ADMIN.password),
    async close() {
      await server.close();
      await smtp.close();
      await temp.remove();
    },
  };
}

export type AccountsServer = Awaited<ReturnType<typeof startAccountsServer>>;
