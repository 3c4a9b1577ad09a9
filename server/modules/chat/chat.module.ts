import type { Router } from 'express';
import type { ModuleContext } from '../module-context';
import { createChatQuota } from './chat-quota';
import { chatRouter } from './chat.router';

/** /api/chat: the chat assistant's proxy to an OpenAI-compatible upstream (docs/chat.md). */
export function chatModule(context: ModuleContext): Router {
  return chatRouter(context, createChatQuota(context.db));
}
