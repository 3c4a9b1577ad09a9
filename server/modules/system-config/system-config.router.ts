import { Router } from 'express';
import { z } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import { sendEncoded, sendOk } from '../../http/envelope';
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

export function systemConfigRouter(service: SystemConfigService): Router {
  const router = Router();

  router.get('/list', async (req, res) => {
    const query = listQuery.parse(req.query);
    const configs = await service.list(query.codes);
    if (query.encoded) sendEncoded(res, configs, ENCODINGS[query.encoded]);
    else sendOk(res, configs);
  });

  router.get('/code/:code', async (req, res) => {
    const { code } = codeParams.parse(req.params);
    sendOk(res, await service.getByCode(code));
  });

  return router;
}
