import { goToLogin } from '@/auth/login-url';
import { refreshAhead, refreshSession, resetSession, useSession } from '@/auth/session';
import { createHttpClient } from '@/http';
import * as httpTexts from '@/http/locales';
import { platform } from '@/platform';
import { usePageState } from '@/stores/page';
import { languageOfPath } from './language';
import { appNavigate } from './navigation';
import { addTexts } from './page-texts';

// The client's texts and the server message catalogue, under `common:http`, come with the client.
addTexts('common', { cn: { http: httpTexts.cn }, en: { http: httpTexts.en } });

/** The app-wide API client, tied to the page state's request id, the session and in-app navigation. */
export const http = createHttpClient({
  baseURL: platform.apiUrl || undefined,
  getRequestId: () => usePageState.getState().requestId || undefined,
  setRequestId: (requestId) => usePageState.getState().set({ requestId }),
  navigate: appNavigate,
  // Relative, so the portal sends the visitor back into this app whatever its host.
  getCurrentAddress: () => `${location.pathname}${location.search}${location.hash}`,
  auth: {
    refreshToken: refreshSession,
    resetToken: resetSession,
    goToLogin: (target) => goToLogin(target, languageOfPath(location.pathname)),
  },
});

http.axios.interceptors.request.use(async (config) => {
  await refreshAhead();
  const { accessToken } = useSession.getState();
  if (accessToken) config.headers.set('Authorization', `Bearer ${accessToken}`);
  return config;
});
