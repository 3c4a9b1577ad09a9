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
export function readServerMessage(message: string, language: 'cn' | 'en'): ServerMessage {
  const match = BILINGUAL.exec(message.trim());
  if (!match) return { text: message };
  const [, field, chinese = '', english = ''] = match;
  return { field, text: language === 'cn' ? chinese : english };
}
