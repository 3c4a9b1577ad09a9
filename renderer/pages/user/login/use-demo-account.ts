import { useEffect, useState } from 'react';
import { adoptTokens } from '@/auth/actions';
import { usersApi } from '@/auth/api';

/** The demo account is offered only where the server has it switched on (DEMO_ACCOUNT=true). */
export function useDemoAccount(): { offered: boolean; start(): Promise<void> } {
  const [offered, setOffered] = useState(false);

  useEffect(() => {
    let live = true;
    usersApi.testAccountEnabled().then(
      ({ enabled }) => {
        if (live) setOffered(enabled);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return { offered, start: async () => adoptTokens(await usersApi.testAccountToken()) };
}
