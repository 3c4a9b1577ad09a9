import type { Router } from 'express';
import type { Db } from '../../db/database';
import type { Storage } from '../../storage/storage';
import type { ModuleContext } from '../module-context';
import { createFeedbackRepository } from './feedback.repository';
import { feedbackRouter } from './feedback.router';
import { createFeedbackService } from './feedback.service';
import { createScreenshotStore, sweepOrphanScreenshots } from './screenshots';

/** Start-up sweep (server.ts): screenshots no feedback points to. */
export async function sweepOrphanFeedbackScreenshots(db: Db, storage: Storage, graceMs: number): Promise<number> {
  return sweepOrphanScreenshots(await createFeedbackRepository(db).screenshotKeys(), storage, graceMs);
}

/** /api/community/feedback (issue 20; docs/feedback.md): feedback from visitors and users, its status and the admin's reply. */
export function feedbackModule({ db, guards, storage }: ModuleContext): Router {
  const screenshots = createScreenshotStore(storage);
  return feedbackRouter(createFeedbackService(createFeedbackRepository(db), screenshots), screenshots, guards);
}
