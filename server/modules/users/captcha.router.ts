import { Router } from 'express';
import type { Request } from 'express';
import { captchaSendRequest, captchaTokenRequest, captchaValidateRequest } from '@shared/contracts/users';
import type { CaptchaSendRequest } from '@shared/contracts/users';
import { sendOk } from '../../http/envelope';
import type { AuthGuards } from '../../http/auth';
import type { CaptchaService } from './captcha.service';
import type { AccountRateLimits } from './rate-limits';
import { limiter } from './rate-limits';

interface CaptchaRouterDependencies {
  captcha: CaptchaService;
  guards: AuthGuards;
  limits: AccountRateLimits;
}

export function captchaRouter({ captcha, guards, limits }: CaptchaRouterDependencies): Router {
  const router = Router();
  // Only wrong codes count: people behind one address who type their codes right never meet it.
  const checkLimit = limiter({ rule: limits.captchaCheckPerIp, message: 'users.tooManyCaptchaChecks', failuresOnly: true });

  /** The send body, checked before the per-address limiter, which keys on it. */
  const sendBodies = new WeakMap<Request, CaptchaSendRequest>();
  const sendBody = (req: Request): CaptchaSendRequest => {
    const body = sendBodies.get(req);
    if (!body) throw new Error('captcha/send body read before it was checked');
    return body;
  };

  router.post(
    '/send',
    // Mails sent count, not typos in the form, so one address's users do not use each other's allowance up.
    limiter({ rule: limits.captchaSendPerIp, message: 'users.tooManyCaptchaMails', successesOnly: true }),
    (req, _res, next) => {
      sendBodies.set(req, captchaSendRequest.parse(req.body ?? {}));
      next();
    },
    // Keyed by purpose too, and counting only answered requests: otherwise anyone could keep an
    // owner from resetting their password by asking for register codes to that address.
    // resetPassword for an unknown address is answered like a sent one and counts the same, so the
    // limit does not tell which addresses have accounts.
    limiter({
      rule: limits.captchaSendPerEmail,
      message: 'users.tooManyCaptchaMails',
      key: (req) => `${sendBody(req).purpose}:${sendBody(req).email}`,
      successesOnly: true,
    }),
    async (req, res) => {
      const { email, purpose } = sendBody(req);
      // Only a logged-in user may ask to move their account to another address.
      if (purpose === 'changeEmail') await guards.authenticate(req);
      await captcha.send(email, purpose);
      sendOk(res, null);
    },
  );

  router.post('/validate', checkLimit, async (req, res) => {
    const { email, purpose, captcha: code } = captchaValidateRequest.parse(req.body ?? {});
    await captcha.validate(email, purpose, code);
    sendOk(res, null);
  });

  router.post('/checkAndCreateToken', checkLimit, async (req, res) => {
    const { email, purpose, captcha: code } = captchaTokenRequest.parse(req.body ?? {});
    sendOk(res, await captcha.createToken(email, purpose, code));
  });

  return router;
}
