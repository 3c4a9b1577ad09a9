import type { AppDependencies } from '../app';
import type { AuthGuards } from '../http/auth';

/**
 * What api-router.ts hands every module's `<name>.module.ts` (docs/architecture.md, "How to add a
 * server module"): the app's dependencies plus the authentication guards, so a module protects its
 * routes without importing the accounts module.
 */
export interface ModuleContext extends AppDependencies {
  guards: AuthGuards;
}
