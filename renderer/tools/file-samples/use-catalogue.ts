import { useCallback, useEffect, useState } from 'react';
import { ADMIN_USER_ID } from '@shared/contracts/user-limits';
import { SAMPLES_API } from '@shared/contracts/samples-base';
import type { SampleCatalogue } from '@shared/contracts/samples-base';
import { account } from '@/platform';

export type CatalogueState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; catalogue: SampleCatalogue };

/** The catalogue from the API; `reload` after a change or a failure. Both pages read it this way. */
export function useCatalogue() {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  const reload = useCallback(
    () =>
      account.get<SampleCatalogue>(SAMPLES_API).then(
        (catalogue) => setState({ status: 'ready', catalogue }),
        (error: unknown) => setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, setState, reload };
}

/** Whether the admin (spec §4: user 1) is logged in, following logins and logouts. */
export function useIsAdmin(): boolean {
  const [userId, setUserId] = useState(account.userId());
  useEffect(() => account.onChange(setUserId), []);
  return userId === ADMIN_USER_ID;
}
