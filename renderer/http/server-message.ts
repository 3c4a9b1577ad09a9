import type { ApiEnvelope } from '@shared/contracts/api';
import { isServerMessageKey } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';

/** A server message as the visitor reads it. */
export interface ShownMessage {
  /** The form field the server blames, when it names one. */
  field?: string;
  /** The message in the page's language. */
  text: string;
}

const BILINGUAL = /^(?:([A-Za-z]+): )?([\s\S]+?) \/ ([\s\S]+)$/;

/**
 * A `msg` in the form servers before message keys wrote: `field: 中文 / English`. This picks the
 * page's half and the field it names; any other text is taken as it is.
 */
export function readLegacyMessage(message: string, language: 'cn' | 'en'): ShownMessage {
  const match = BILINGUAL.exec(message.trim());
  if (!match) return { text: message };
  const [, field, chinese = '', english = ''] = match;
  return { field, text: language === 'cn' ? chinese : english };
}

/**
 * The visitor messages of an envelope, translated: the keys of `ext.messages` when this build knows
 * them all, otherwise (an older server, or a newer one with keys this app lacks — the desktop app
 * may be older than the server) the human-readable `msg`.
 */
export function readServerMessages(
  envelope: ApiEnvelope,
  translate: (message: ServerMessage) => string,
  language: 'cn' | 'en',
): ShownMessage[] {
  const messages: unknown = envelope.ext?.messages;
  if (
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((message: Partial<ServerMessage> | null) => isServerMessageKey(message?.key))
  ) {
    return (messages as ServerMessage[]).map((message) => ({
      ...(typeof message.field === 'string' && message.field ? { field: message.field } : {}),
      text: translate({
        key: message.key,
        params: typeof message.params === 'object' && message.params !== null ? message.params : undefined,
      }),
    }));
  }
  return envelope.msg ? [readLegacyMessage(envelope.msg, language)] : [];
}
