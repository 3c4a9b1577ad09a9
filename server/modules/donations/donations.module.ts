import type { Router } from 'express';
import { DONATIONS_LIVE_FEATURE } from '@shared/contracts/donations-base';
import type { ModuleContext } from '../module-context';
import { createDonationsRepository } from './donations.repository';
import { donationsRouter } from './donations.router';
import { createDonationsService } from './donations.service';

/** /api/community/donations (issue 20; docs/donations.md): the owner's donations and the live ranking. */
export function donationsModule({ db, guards, live }: ModuleContext): Router {
  // Visitors only listen: the server alone publishes the ranking (an empty schema admits no message).
  live.rooms.define(DONATIONS_LIVE_FEATURE, { anonymous: true, mayPublish: () => false });
  return donationsRouter(createDonationsService(createDonationsRepository(db), live), guards);
}
