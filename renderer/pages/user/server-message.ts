import type { FormInstance } from 'antd';
import { isHttpError } from '@/http';

/**
 * Puts a failed call's messages under the fields they blame, so the visitor sees each where the fix
 * is (the API client already showed them as a toast). Returns the text of those that blame none of
 * `fields`, for the caller to show next to the form. `fieldOf` names the form's field for a field
 * the server blames, where the two differ (the server's `settings.link` is the ad form's `link`).
 */
export function showServerError(
  form: FormInstance,
  fields: readonly string[],
  error: unknown,
  fieldOf: (serverField: string) => string | undefined = (serverField) => serverField,
): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  if (!isHttpError(error) || error.messages.length === 0) return error.message;
  const named = error.messages.map((message) => ({ ...message, field: message.field === undefined ? undefined : fieldOf(message.field) }));
  const placed = named.filter((message) => message.field !== undefined && fields.includes(message.field));
  form.setFields(placed.map(({ field = '', text }) => ({ name: field, errors: [text] })));
  const rest = named.filter((message) => !placed.includes(message));
  return rest.length > 0 ? rest.map((message) => message.text).join(' ') : undefined;
}
