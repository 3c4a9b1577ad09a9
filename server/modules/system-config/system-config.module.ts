import type { Router } from 'express';
import type { ModuleContext } from '../module-context';
import { createSystemConfigRepository } from './system-config.repository';
import { systemConfigRouter } from './system-config.router';
import { createSystemConfigService } from './system-config.service';

/** /api/system/configs (spec §7 "System"). */
export function systemConfigModule({ db }: ModuleContext): Router {
  return systemConfigRouter(createSystemConfigService(createSystemConfigRepository(db)));
}
