import type { ServerMessage } from '@shared/contracts/server-messages';
import { legacyMessageText } from '@shared/contracts/server-messages';

/**
 * The one error type handlers throw on purpose; its `msg` is safe to show to the caller.
 *
 * Two kinds, by what is passed as the message:
 * - a string: a text for developers (English, e.g. `No user 7`); clients show their own text for
 *   the status (spec §8) and never this one;
 * - one or more ServerMessages: meant for the visitor. They travel as keys plus parameters in
 *   `ext.messages` with `ext.popupNotice`, and the client shows them translated (spec §8
 *   "ext.popupNotice true"); `msg` carries both languages for clients older than the keys.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly messages: readonly ServerMessage[];

  constructor(
    readonly status: number,
    readonly code: number,
    message: string | ServerMessage | readonly ServerMessage[],
  ) {
    const messages = typeof message === 'string' ? [] : 'key' in message ? [message] : message;
    super(typeof message === 'string' ? message : legacyMessageText(messages));
    this.messages = messages;
  }

  /** Whether the client shows this error to the visitor. */
  get popupNotice(): boolean {
    return this.messages.length > 0;
  }
}
