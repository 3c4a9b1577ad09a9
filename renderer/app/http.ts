import { createHttpClient } from '@/http';
import { platform } from '@/platform';
import { usePageState } from '@/stores/page';
import { router } from './router';

/** The app-wide API client, tied to the page state's request id and to in-app navigation. */
export const http = createHttpClient({
  baseURL: platform.apiUrl || undefined,
  getRequestId: () => usePageState.getState().requestId || undefined,
  setRequestId: (requestId) => usePageState.getState().set({ requestId }),
  navigate: (path) => void router.navigate(path),
});
