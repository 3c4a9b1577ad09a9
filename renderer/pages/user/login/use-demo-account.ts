import { useEffect, useRef, useState } from 'react';
import type { TokenPair } from '@shared/contracts/users';
import { adoptTokens } from '@/auth/actions';
import { usersApi } from '@/auth/api';

interface HeldPair {
  pair: TokenPair;
  receivedAt: number;
}

/**
 * The demo account is offered when the server hands out its tokens (it answers 404 when the demo
 * is off). The probe's pair is the one adopted, unless it has used up half its life meanwhile.
 */
export function useDemoAccount(): { offered: boolean; start(): Promise<void> } {
  const held = useRef<HeldPair>(undefined);
  const [offered, setOffered] = useState(false);

  useEffect(() => {
    let live = true;
    usersApi.testAccountToken().then(
      (pair) => {
        if (!live) return;
        held.current = { pair, receivedAt: Date.now() };
        setOffered(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const start = async () => {
    const current = held.current;
    const fresh = current && Date.now() - current.receivedAt < (current.pair.expiresIn * 1000) / 2;
    await adoptTokens(fresh ? current.pair : await usersApi.testAccountToken());
  };

  return { offered, start };
}
