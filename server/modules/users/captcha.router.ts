import { Router } from 'express';
import { captchaSendRequest, captchaTokenRequest, captchaValidateRequest } from '@shared/contracts/users';
import { sendOk } from '../../http/envelope';
import type { AuthGuards } from './auth.middleware';
import type { CaptchaService } from './captcha.service';
import { MSG } from './messages';
import type { AccountRateLimits } from './rate-limits';
import { bodyFieldKey, limiter } from './rate-limits';

interface CaptchaRouterDependencies {
  captcha: CaptchaService;
  guards: AuthGuards;
  limits: AccountRateLimits;
}

export function captchaRouter({ captcha, guards, limits }: CaptchaRouterDependencies): Router {
  const router = Router();
  const checkLimit = limiter({ rule: limits.captchaCheckPerIp, message: MSG.tooManyCaptchaChecks });

  router.post(
    '/send',
    limiter({ rule: limits.captchaSendPerIp, message: MSG.tooManyCaptchaMails }),
    limiter({ rule: limits.captchaSendPerEmail, message: MSG.tooManyCaptchaMails, key: bodyFieldKey('email') }),
    async (req, res) => {
      const { email, purpose } = captchaSendRequest.parse(req.body ?? {});
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
