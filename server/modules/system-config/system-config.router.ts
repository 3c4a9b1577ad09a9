import { Router } from 'express';
import type { Response } from 'express';
import { z } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import { SITE_CONTENT_MAX_BYTES } from '@shared/contracts/site-content-base';
import type { AuthGuards } from '../../http/auth';
import { receivedBodyBytes } from '../../http/body-size';
import { sendEncoded, sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { SystemConfigService } from './system-config.service';

const configCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -');

/** `encoded=1` answers 20003, `encoded=reversed` answers 20004 (shared/api/payload-codec.ts). */
const ENCODINGS = { '1': API_CODE.ENCODED, reversed: API_CODE.ENCODED_REVERSED } as const;

// Arrays arrive without indices (`codes=a&codes=b`); a single value arrives as a plain string.
const listQuery = z.object({
  codes: z
    .union([configCode, z.array(configCode).max(50)])
    .transform((codes) => (typeof codes === 'string' ? [codes] : codes))
    .optional(),
  encoded: z.enum(['1', 'reversed']).optional(),
});

const codeParams = z.object({ code: configCode });

/**
 * Every page reads these (site setting, welfare, enterprise), so browsers may keep an answer and
 * ask again with its ETag (Express's own, from the body): an unchanged config costs a 304 and no
 * body, and the admin's edit is seen on the next read. The API's default is no-store.
 */
function revalidate(res: Response): void {
  res.setHeader('Cache-Control', 'no-cache');
}

const editBody = z.object({ value: z.unknown() }, 'siteContent.field.request');

export function systemConfigRouter(service: SystemConfigService, guards: AuthGuards): Router {
  const router = Router();

  router.get('/list', async (req, res) => {
    const query = listQuery.parse(req.query);
    const configs = await service.list(query.codes);
    revalidate(res);
    if (query.encoded) sendEncoded(res, configs, ENCODINGS[query.encoded]);
    else sendOk(res, configs);
  });

  router.get('/code/:code', async (req, res) => {
    const { code } = codeParams.parse(req.params);
    const entry = await service.getByCode(code);
    revalidate(res);
    sendOk(res, entry);
  });

  /** The back office's "Site content" page; body `{ value }`, the config's whole new value. */
  router.put('/code/:code', guards.requireAdmin, async (req, res) => {
    const { code } = codeParams.parse(req.params);
    if (receivedBodyBytes(req) > SITE_CONTENT_MAX_BYTES) throw new HttpError(413, API_CODE.BAD_REQUEST, { key: 'siteContent.tooLarge' });
    const { value } = editBody.parse(req.body);
    sendOk(res, await service.update(code, value));
  });

  return router;
}
