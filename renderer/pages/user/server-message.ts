import type { FormInstance } from 'antd';
import type { Language } from '@/i18n';

export interface ServerMessage {
  /** The form field the server blames (`userName: …`), when it names one. */
  field?: string;
  /** The message in the page's language. */
  text: string;
}

const BILINGUAL = /^(?:([A-Za-z]+): )?([\s\S]+?) \/ ([\s\S]+)$/;

/**
 * The accounts API has no language parameter, so its messages read `field: 中文 / English`
 * (server/modules/users/messages.ts). This picks the page's half and the field it names; any other
 * text (the API client's own, already translated messages) is taken as it is.
 */
export function readServerMessage(message: string, language: Language): ServerMessage {
  const match = BILINGUAL.exec(message.trim());
  if (!match) return { text: message };
  const [, field, chinese = '', english = ''] = match;
  return { field, text: language === 'cn' ? chinese : english };
}

/**
 * Puts a failed call's message under the field it names, so the visitor sees it where the fix is
 * (the API client already showed it as a toast). Returns the message when none of `fields` was
 * named, for the caller to show next to the form.
 */
export function showServerError(form: FormInstance, fields: readonly string[], error: unknown, language: Language): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  const { field, text } = readServerMessage(error.message, language);
  if (field !== undefined && fields.includes(field)) {
    form.setFields([{ name: field, errors: [text] }]);
    return undefined;
  }
  return text;
}
