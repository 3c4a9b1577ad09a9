import { Router } from 'express';
import { donationIdParams, donationInputSchema, donationsPageQuery } from '@shared/contracts/donations';
import type { AuthGuards } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import type { DonationsService } from './donations.service';

/** /api/community/donations (docs/donations.md): the public ranking; the admin records donations. */
export function donationsRouter(service: DonationsService, { requireAdmin }: AuthGuards): Router {
  const router = Router();

  router.get('/ranking', async (_req, res) => {
    sendOk(res, await service.ranking());
  });

  router.get('/list/page', requireAdmin, async (req, res) => {
    sendOk(res, await service.page(donationsPageQuery.parse(req.query)));
  });

  router.post('/', requireAdmin, async (req, res) => {
    sendOk(res, await service.create(donationInputSchema.parse(req.body ?? {})));
  });

  router.put('/:id', requireAdmin, async (req, res) => {
    const { id } = donationIdParams.parse(req.params);
    sendOk(res, await service.update(id, donationInputSchema.parse(req.body ?? {})));
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await service.remove(donationIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  return router;
}
