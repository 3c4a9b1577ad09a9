import type { Router } from 'express';
import type { ModuleContext } from '../module-context';
import { createActionStatRepository } from './action-stat.repository';
import { actionStatRouter } from './action-stat.router';
import { createActionStatService } from './action-stat.service';

/** /api/system/action-stat (spec §7 "System"): page-view and action logs. */
export function actionStatModule({ db }: ModuleContext): Router {
  return actionStatRouter(createActionStatService(createActionStatRepository(db)));
}
