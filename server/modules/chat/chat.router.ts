import { Router } from 'express';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { API_CODE } from '@shared/contracts/api';
import { CHAT_REQUEST_MAX_BYTES, chatCompletionRequestSchema } from '@shared/contracts/chat';
import type { ChatConfig as ChatConfigAnswer, ChatQuota } from '@shared/contracts/chat';
import { isServerMessageKey } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import type { Auth } from '../../http/auth';
import { bearerToken } from '../../http/auth';
import { receivedBodyBytes } from '../../http/body-size';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { ModuleContext } from '../module-context';
import type { ChatQuotaLedger } from './chat-quota';
import { streamChat } from './chat-stream';

const badRequest = (key: ServerMessageKey, params?: Record<string, string | number>) =>
  new HttpError(400, API_CODE.BAD_REQUEST, { key, ...(params ? { params } : {}) });

/** Whose quota a request counts against: the admin none, a user their account, a visitor their address. */
interface QuotaSubject {
  key: string;
  limit: number;
  anonymous: boolean;
}

export function chatRouter({ config, guards, logger }: ModuleContext, quota: ChatQuotaLedger): Router {
  const router = Router();
  const chat = config.chat;

  /** An open route: a token, when sent, must be good (a 401 makes the client refresh it). */
  const caller = async (req: Request): Promise<Auth | undefined> => (bearerToken(req) ? guards.authenticate(req) : undefined);
  const subjectOf = (req: Request, auth: Auth | undefined): QuotaSubject | undefined => {
    if (auth?.admin) return undefined;
    if (auth) return { key: `user:${auth.userId}`, limit: chat.dailyUser, anonymous: false };
    return { key: `ip:${ipKeyGenerator(req.ip ?? '')}`, limit: chat.dailyAnonymous, anonymous: true };
  };

  router.get('/config', async (req, res) => {
    const subject = subjectOf(req, await caller(req));
    const limit = subject && subject.limit > 0 ? subject.limit : null;
    const used = subject ? await quota.used(subject.key) : 0;
    const answer: ChatConfigAnswer = {
      enabled: chat.upstream !== undefined,
      models: chat.upstream?.models ?? [],
      quota: { limit, used } satisfies ChatQuota,
    };
    sendOk(res, answer);
  });

  router.post('/completions', async (req, res) => {
    const upstream = chat.upstream;
    if (!upstream) throw new HttpError(503, API_CODE.BAD_REQUEST, { key: 'chat.disabled' });
    if (receivedBodyBytes(req) > CHAT_REQUEST_MAX_BYTES)
      throw new HttpError(413, API_CODE.BAD_REQUEST, { key: 'chat.requestTooLarge', params: { kilobytes: CHAT_REQUEST_MAX_BYTES / 1024 } });
    const parsed = chatCompletionRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issue.message).find(isServerMessageKey);
      throw badRequest(message ?? 'chat.badRequest');
    }
    const request = parsed.data;
    if (!upstream.models.includes(request.model)) throw badRequest('chat.unknownModel', { model: request.model });
    const subject = subjectOf(req, await caller(req));
    if (subject && subject.limit > 0 && !(await quota.take(subject.key, subject.limit)))
      throw new HttpError(429, API_CODE.TOO_MANY_REQUESTS, {
        key: subject.anonymous ? 'chat.dailyQuotaAnonymous' : 'chat.dailyQuota',
        params: { limit: subject.limit },
      });
    await streamChat(request, res, { upstream, config: chat, allowPrivate: config.proxy.allowPrivate, logger });
  });

  return router;
}
