import { proxy } from '../proxy';
import { websiteSecrets } from '../secrets/website';
import { createBrowserWebdav } from './browser';

/** The website's WebDAV (through the API's proxy), loaded by the platform index on first use. */
export const websiteWebdav = createBrowserWebdav(proxy, websiteSecrets.store('webdav'));
