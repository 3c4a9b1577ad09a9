import type { Router } from 'express';
import type { ModuleContext } from '../module-context';
import { proxyRouter } from './proxy.router';
import type { ProxyRouterOptions } from './proxy.router';

/** /api/proxy: the guarded outbound proxy for WebDAV, m3u8 and CDN probes (docs/api.md). */
export function proxyModule(context: ModuleContext, options?: ProxyRouterOptions): Router {
  return proxyRouter(context, options);
}
