import { createBrowserSecrets } from './browser';

/**
 * The website's one secrets database, loaded on first use by the platform index (`platform.secrets`)
 * and by the website's WebDAV, so both see the same records and the same in-memory fallback.
 */
export const websiteSecrets = createBrowserSecrets();
