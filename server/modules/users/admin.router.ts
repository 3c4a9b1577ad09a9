import { Router } from 'express';
import { userListQuery } from '@shared/contracts/users';
import { sendOk } from '../../http/envelope';
import type { AdminService } from './admin.service';
import type { AuthGuards } from '../../http/auth';
import { currentAuth } from '../../http/auth';
import { userIdParams } from './user-id-params';

/** Spec §6: listing, enabling, disabling users and creating a token for one are for the admin. */
export function adminRouter({ admin, guards }: { admin: AdminService; guards: AuthGuards }): Router {
  const router = Router();

  router.get('/list/page', guards.requireAdmin, async (req, res) => {
    sendOk(res, await admin.list(userListQuery.parse(req.query)));
  });

  router.put('/:id/enable', guards.requireAdmin, async (req, res) => {
    sendOk(res, await admin.setEnabled(currentAuth(req), userIdParams.parse(req.params).id, true));
  });

  router.put('/:id/disable', guards.requireAdmin, async (req, res) => {
    sendOk(res, await admin.setEnabled(currentAuth(req), userIdParams.parse(req.params).id, false));
  });

  router.post('/:id/token/create', guards.requireAdmin, async (req, res) => {
    sendOk(res, await admin.createToken(currentAuth(req), userIdParams.parse(req.params).id));
  });

  return router;
}
