import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CaptchaPurpose } from '@shared/contracts/users';
import type { Logger } from '../../logger';
import { captchaMail } from './captcha-mail';
import type { CaptchaRepository, StoredCaptcha } from './captcha.repository';
import type { Mailer } from './mailer';
import { MSG, badRequest } from './messages';
import { newOpaqueToken, sha256Hex } from './secure-token';
import type { UsersRepository } from './users.repository';

export const CAPTCHA_TTL_MINUTES = 10;
export const CAPTCHA_MAX_ATTEMPTS = 5;
export const CAPTCHA_TOKEN_TTL_MINUTES = 10;

const MINUTE = 60_000;

interface CaptchaDependencies {
  captchas: CaptchaRepository;
  users: UsersRepository;
  mailer: Mailer;
  /** Keys the code hashes: six digits alone would be guessed from a leaked table in a moment. */
  secret: Uint8Array;
  logger: Logger;
}

/** Uses up a code `check` accepted; a request that used it first in the meantime wins. */
export async function claimCode(captchas: CaptchaRepository, open: StoredCaptcha, now: Date): Promise<void> {
  if (!(await captchas.consume(open.id, now.toISOString()))) throw badRequest(MSG.captchaWrong);
}

/** Uses the token up and returns the email it proves; `captchas` may be a transaction's. */
export async function redeemToken(captchas: CaptchaRepository, token: string, purpose: CaptchaPurpose, now: Date): Promise<string> {
  const email = await captchas.redeemToken(sha256Hex(token), purpose, now.toISOString());
  if (!email) throw badRequest(MSG.captchaTokenInvalid);
  return email;
}

export function createCaptchaService({ captchas, users, mailer, secret, logger }: CaptchaDependencies) {
  const codeHash = (id: string, code: string) => createHmac('sha256', secret).update(`captcha:${id}:${code}`).digest();

  /** Whether a code should go out; the purposes that need a free address say so plainly. */
  async function mayMail(email: string, purpose: CaptchaPurpose): Promise<boolean> {
    const owner = await users.findByEmail(email);
    if (purpose === 'resetPassword') return owner !== undefined;
    if (owner) throw badRequest(MSG.emailTaken);
    return true;
  }

  /**
   * Finds the open code and checks it; wrong tries count, and the fifth kills the code. The count is
   * written at once, outside any transaction, so a caller's rollback cannot give a guesser tries back.
   */
  async function check(email: string, purpose: CaptchaPurpose, code: string, now: Date): Promise<StoredCaptcha> {
    const open = await captchas.findOpen(email, purpose, now.toISOString());
    if (!open || open.attempts >= CAPTCHA_MAX_ATTEMPTS) throw badRequest(MSG.captchaWrong);
    if (!timingSafeEqual(codeHash(open.id, code), Buffer.from(open.code_hash, 'hex'))) {
      await captchas.countWrongAttempt(open.id);
      throw badRequest(MSG.captchaWrong);
    }
    return open;
  }

  return {
    /**
     * Mails a fresh 6-digit code. For resetPassword an unknown address gets the same answer and no
     * mail, and the mail is sent after answering in every case, so neither the answer nor its
     * timing tells whether an account exists.
     */
    async send(email: string, purpose: CaptchaPurpose, now = new Date()): Promise<void> {
      if (!(await mayMail(email, purpose))) return;
      const id = randomUUID();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await captchas.replaceOpen({
        id,
        email,
        purpose,
        code_hash: codeHash(id, code).toString('hex'),
        expires_at: new Date(now.getTime() + CAPTCHA_TTL_MINUTES * MINUTE).toISOString(),
        attempts: 0,
        consumed_at: null,
        created_at: now.toISOString(),
      });
      if (!mailer.delivers) logger.info({ email, purpose, code }, 'captcha code (no SMTP configured, see DATA_DIR/outbox)');
      mailer.send(captchaMail(email, purpose, code, CAPTCHA_TTL_MINUTES)).catch((error: unknown) => {
        logger.error({ err: error, purpose }, 'captcha mail could not be sent');
      });
    },

    /** Checks without using the code up, so the form can still submit it. */
    async validate(email: string, purpose: CaptchaPurpose, code: string, now = new Date()): Promise<void> {
      await check(email, purpose, code, now);
    },

    check,

    /** Trades a right code for a single-use token (password reset, email change). */
    async createToken(email: string, purpose: CaptchaPurpose, code: string, now = new Date()): Promise<string> {
      const open = await check(email, purpose, code, now);
      const token = newOpaqueToken();
      const traded = await captchas.tradeForToken(open.id, {
        id: randomUUID(),
        token_hash: sha256Hex(token),
        email,
        purpose,
        expires_at: new Date(now.getTime() + CAPTCHA_TOKEN_TTL_MINUTES * MINUTE).toISOString(),
        consumed_at: null,
        created_at: now.toISOString(),
      });
      if (!traded) throw badRequest(MSG.captchaWrong);
      return token;
    },

    /** The email a token proves, leaving it usable: lets a caller refuse a dead token before slow work. */
    async checkToken(token: string, purpose: CaptchaPurpose, now = new Date()): Promise<string> {
      const email = await captchas.findTokenEmail(sha256Hex(token), purpose, now.toISOString());
      if (!email) throw badRequest(MSG.captchaTokenInvalid);
      return email;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
