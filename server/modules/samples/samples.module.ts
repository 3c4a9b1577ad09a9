import type { Router } from 'express';
import type { Db } from '../../db/database';
import type { Storage } from '../../storage/storage';
import type { ModuleContext } from '../module-context';
import { createSamplesRepository } from './samples.repository';
import { samplesRouter } from './samples.router';
import { SAMPLES_PREFIX, createSamplesService } from './samples.service';

/**
 * Start-up sweep (server.ts): sample objects no record points to (a crash between storing and
 * recording, a replaced file, an instance that lost the seed). `graceMs` spares files other running
 * instances may be recording right now.
 */
export async function sweepOrphanSamples(db: Db, storage: Storage, graceMs: number, now = Date.now()): Promise<number> {
  const recorded = await createSamplesRepository(db).storageKeys();
  const orphans = (await storage.list(SAMPLES_PREFIX)).filter(
    (object) => !recorded.has(object.key) && now - object.modified.getTime() >= graceMs,
  );
  await Promise.all(orphans.map((object) => storage.delete(object.key)));
  return orphans.length;
}

/** /api/community/samples (issue 20; docs/samples.md): the sample-file catalogue, its files and the admin's editing. */
export function samplesModule({ db, guards, storage, logger }: ModuleContext): Router {
  return samplesRouter(createSamplesService(createSamplesRepository(db), storage, logger), guards);
}
