import type { Router } from 'express';
import { outboundFetch } from '../../http/outbound/outbound-fetch';
import type { ModuleContext } from '../module-context';
import { createConfigSealer } from './pic-hub-crypto';
import { createPicHubRepository } from './pic-hub.repository';
import { picHubRouter } from './pic-hub.router';
import { createPicHubService } from './pic-hub.service';

/** GitHub answers an upload in seconds; a minute of silence is a dead connection (spec §9's HTTP timeout). */
const GITHUB_TIMEOUT_MS = 60_000;
/** GitHub's JSON answers to contents and git calls are a few KB. */
const GITHUB_RESPONSE_MAX_BYTES = 1024 * 1024;

/**
 * /api/busi/pic-hub and /api/busi/pic-hub-file (mounted at /busi): a logged-in user's picture hubs,
 * file records and settings, and the admin-set system hub visitors may upload to (docs/api.md "PicHub").
 */
export function picHubModule({ db, guards, secret, config }: ModuleContext): Router {
  const githubFetch = outboundFetch({
    allowPrivate: config.proxy.allowPrivate,
    timeoutMs: GITHUB_TIMEOUT_MS,
    maxResponseBytes: GITHUB_RESPONSE_MAX_BYTES,
    maxRedirects: 0,
  });
  const service = createPicHubService(createPicHubRepository(db), { sealer: createConfigSealer(secret), githubFetch });
  return picHubRouter(service, guards, config.picHub);
}
