import type { Router } from 'express';
import { EXTERNAL_TOOLS_CONFIG_CODE } from '@shared/contracts/external-tools';
import { THIRD_PARTY_CONFIG_CODE } from '@shared/contracts/third-party';
import type { ModuleContext } from '../module-context';
import { createSystemConfigRepository } from './system-config.repository';
import { systemConfigRouter } from './system-config.router';
import { createSystemConfigService } from './system-config.service';

/** /api/system/configs (spec §7 "System"). */
export function systemConfigModule({ db, config, guards }: ModuleContext): Router {
  // Set by the environment, not stored: an administrator's edit cannot outlive a change of EXTERNAL_TOOLS,
  // and the third-party services must match the CSP, which the environment decides.
  const fromEnvironment = [
    { code: EXTERNAL_TOOLS_CONFIG_CODE, value: config.externalTools },
    { code: THIRD_PARTY_CONFIG_CODE, value: config.thirdParty },
  ];
  return systemConfigRouter(createSystemConfigService(createSystemConfigRepository(db), fromEnvironment), guards);
}
