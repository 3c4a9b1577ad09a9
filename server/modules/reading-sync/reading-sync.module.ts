import type { Router } from 'express';
import type { ModuleContext } from '../module-context';
import { createReadingSyncRepository } from './reading-sync.repository';
import { readingSyncRouter } from './reading-sync.router';
import { createReadingSyncService } from './reading-sync.service';

/** /api/busi/reading-sync: a logged-in reader's places and bookmarks per book (docs/api.md "Reading sync"). */
export function readingSyncModule({ db, guards }: ModuleContext): Router {
  return readingSyncRouter(createReadingSyncService(createReadingSyncRepository(db)), guards);
}
