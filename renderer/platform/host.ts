import type { NativeApi } from '@shared/contracts/native';
import type { TokenStoreCapability } from '@shared/contracts/tokens';
import { browserTokens } from './tokens/browser';

/**
 * The desktop bridge the Electron preload sets, or undefined on the website: the one place that
 * reads window.native. Kept apart from index.ts so the session (in the first chunk of every page)
 * gets the token store without every capability's client, Comlink and the IPC schemas (zod).
 */
export const native: NativeApi | undefined = typeof window === 'undefined' ? undefined : window.native;

/** Where the API lives: '' means the page's own origin (the website); the desktop app is told by main. */
export const apiUrl: string = native?.app.apiUrl ?? '';

/** Cookies on the web, the OS-encrypted store on the desktop. */
export const tokens: TokenStoreCapability = native ? native.tokens : browserTokens;
