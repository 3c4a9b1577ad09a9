/**
 * A message for the visitor as it travels: a key of the server message catalogue
 * (shared/contracts/server-messages.ts) plus parameters, and the form field it blames. `key` is a
 * plain string on the wire: a newer server may send one this build does not know.
 */
export interface ApiMessage {
  key: string;
  params?: Record<string, string | number>;
  field?: string;
}

/** Response envelope of every /api call: `{ code, msg, data }` (docs/api.md). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  /** Human-readable; for visitor messages both languages (`field: 中文 / English`), as clients before `ext.messages` show it. */
  msg: string;
  data: T;
  ext?: {
    /** Spec §8: the client shows the message to the visitor. */
    popupNotice?: boolean;
    /** What `msg` says, as keys the client translates; one per blamed field, or one without a field. */
    messages?: ApiMessage[];
  };
}

export const API_CODE = {
  OK: 20000,
  /** `data` is an encoded string (see shared/api/payload-codec.ts), plain base64 variant. */
  ENCODED: 20003,
  /** `data` is an encoded string, reversed base64 variant. */
  ENCODED_REVERSED: 20004,
  BAD_REQUEST: 40000,
  UNAUTHORIZED: 40101,
  TOKEN_EXPIRED: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  TOO_MANY_REQUESTS: 42900,
  SERVER_ERROR: 50000,
} as const;

/** Spec §9 pagination. */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}
export interface Page<T> extends PageQuery {
  total: number;
  list: T[];
}
export const DEFAULT_PAGE: PageQuery = { pageNum: 1, pageSize: 10 };

/** The 'setting' system config (spec §3 Site). */
export interface SiteSetting {
  title: string;
  subTitle: string;
  logo: string;
  locales: string[];
  locale: string;
  siteUrl: string;
  supportPwaApp: boolean;
}
