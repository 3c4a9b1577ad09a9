import type { FormInstance } from 'antd';
import type { Language } from '@/i18n';
import { readServerMessage } from '@/http/server-message';

export { readServerMessage };
export type { ServerMessage } from '@/http/server-message';

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
