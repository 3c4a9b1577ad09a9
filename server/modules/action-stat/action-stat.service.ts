import { randomUUID } from 'node:crypto';
import type { ActionStatRepository } from './action-stat.repository';

export interface ActionStatInput {
  sourceUrl: string;
  fields: Record<string, unknown>;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

const MAX_USER_AGENT_LENGTH = 512;

export function createActionStatService(repository: ActionStatRepository) {
  return {
    async log(input: ActionStatInput, origin: RequestOrigin, now = new Date()): Promise<void> {
      await repository.insert({
        id: randomUUID(),
        source_url: input.sourceUrl,
        payload: JSON.stringify(input.fields),
        ip: origin.ip,
        user_agent: origin.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
        created_at: now.toISOString(),
      });
    },
  };
}

export type ActionStatService = ReturnType<typeof createActionStatService>;
