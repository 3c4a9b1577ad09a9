import { useCallback, useRef } from 'react';
import type { CaptchaPurpose } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';

/**
 * Trades an email + code for a captcha token (checkAndCreateToken). The code is spent by that
 * trade, so the token is kept for the same email and code: when the next step fails (a network
 * blip, a taken address) the visitor retries without asking for a new code.
 */
export function useCaptchaToken(purpose: CaptchaPurpose): (email: string, captcha: string) => Promise<string> {
  const held = useRef<{ key: string; token: string }>(undefined);
  return useCallback(
    async (email, captcha) => {
      const key = `${email}\u0000${captcha}`;
      if (held.current?.key === key) return held.current.token;
      const token = await usersApi.captchaToken(email, purpose, captcha);
      held.current = { key, token };
      return token;
    },
    [purpose],
  );
}
