import { useEffect, useState } from 'react';
import { adoptTokens } from '@/auth/actions';
import { usersApi } from '@/auth/api';

/**
 * The demo account is offered only where the server has it switched on (DEMO_ACCOUNT=true). One
 * start at a time: each one opens a session and counts against the address's hourly limit.
 */
export function useDemoAccount(): { offered: boolean; starting: boolean; start(): Promise<void> } {
  const [offered, setOffered] = useState(false);
  const [starting, setStarting] = useState(false);

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

  const start = async () => {
    setStarting(true);
    try {
      await adoptTokens(await usersApi.testAccountToken());
    } finally {
      setStarting(false);
    }
  };
  return { offered, starting, start };
}
