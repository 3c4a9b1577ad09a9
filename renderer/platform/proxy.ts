import { createProxyClient } from '@/http/proxy';
import { apiUrl, tokens } from './host';

/**
 * The app's outbound proxy client (renderer/http/proxy.ts): how a tool reaches another host —
 * `proxy.fetch('webdav' | 'm3u8' | 'probe', targetUrl, { method, headers, body, targetAuthorization })`.
 * The session's access token comes from the token store, the language from the page, so the tool
 * needs neither the accounts code nor i18n for it.
 */
export const proxy = createProxyClient({
  baseURL: apiUrl,
  getAccessToken: async () => (await tokens.load()).accessToken,
  language: () => (document.documentElement.lang.toLowerCase().startsWith('en') ? 'en' : 'cn'),
});
