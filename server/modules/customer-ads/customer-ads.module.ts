import type { Router } from 'express';
import type { Db } from '../../db/database';
import type { Storage } from '../../storage/storage';
import type { ModuleContext } from '../module-context';
import { createAdImageStore, sweepOrphanImages } from './ad-images';
import { createCustomerAdsRepository } from './customer-ads.repository';
import { customerAdsRouter } from './customer-ads.router';
import { createCustomerAdsService } from './customer-ads.service';

/** Start-up sweep (server.ts): ad pictures no ad points to; see ad-images.ts. */
export async function sweepOrphanAdImages(db: Db, storage: Storage, graceMs: number): Promise<number> {
  return sweepOrphanImages(await createCustomerAdsRepository(db).imageKeys(), storage, graceMs);
}

/** /api/system/customer-ads (spec §7; docs/ads.md): customers' ads, their review, counting and pictures. */
export function customerAdsModule({ db, guards, secret, storage, config }: ModuleContext): Router {
  const images = createAdImageStore(storage);
  const service = createCustomerAdsService(createCustomerAdsRepository(db), images, secret, config.customerAds.now);
  return customerAdsRouter(service, images, guards, config.customerAds);
}
