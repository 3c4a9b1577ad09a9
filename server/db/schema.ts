import type { Generated } from 'kysely';

/**
 * Column types are kept to what every SQL dialect stores alike: ids are UUID strings made by the
 * app, timestamps are ISO-8601 strings, JSON is text. That is what lets a PostgreSQL dialect drop in.
 */
export interface SystemConfigTable {
  code: string;
  /** JSON text. */
  value: string;
  created_at: string;
  updated_at: string;
}

export interface ActionStatLogTable {
  id: string;
  source_url: string;
  /** JSON text of the caller's fields other than sourceUrl. */
  payload: string;
  ip: string;
  user_agent: string;
  created_at: string;
}

/** Users get small integer ids because the spec makes user 1 the admin. */
export interface UserTable {
  user_id: Generated<number>;
  user_name: string;
  /** Lower-case. */
  email: string;
  nick_name: string;
  /** `scrypt$N$r$p$salt$hash` (see users/password.ts). */
  password_hash: string;
  /** 1 or 0: integers store alike in every dialect. */
  enabled: number;
  /** JSON text: string[]. */
  roles: string;
  /** JSON text: string[]. */
  permissions: string;
  /** Public path of the avatar image, '' when none. */
  avatar: string;
  ad_coin: number;
  res_score: number;
  /** JSON text of the user settings object (spec §3). */
  settings: string;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface RefreshTokenTable {
  id: string;
  user_id: number;
  /** SHA-256 hex of the opaque token; the token itself is never stored. */
  token_hash: string;
  /** One login = one family; every rotation stays in it, so reuse can end the whole session. */
  family_id: string;
  expires_at: string;
  revoked_at: string | null;
  /** Id of the token this one was rotated into. */
  replaced_by: string | null;
  created_at: string;
}

export interface LoginLogTable {
  id: string;
  /** Null when the account tried does not exist. */
  user_id: number | null;
  account: string;
  login_time: string;
  ip: string;
  user_agent: string;
  result: 'success' | 'failure';
}

export interface CaptchaTable {
  id: string;
  email: string;
  purpose: string;
  /** HMAC-SHA-256 of id and code under the server secret. */
  code_hash: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  created_at: string;
}

/** What checkAndCreateToken hands out: proof that an email's captcha was right, usable once. */
export interface CaptchaTokenTable {
  id: string;
  token_hash: string;
  email: string;
  purpose: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface OAuth2BindingTable {
  id: string;
  user_id: number;
  provider: string;
  external_id: string;
  bound_at: string;
}

/** A user's place in a book (reading sync); times are epoch ms. */
export interface ReadingLocationTable {
  user_id: number;
  book_id: string;
  cfi: string;
  progress: number;
  /** The client's time of the change (clamped to the server's clock plus a margin). */
  update_time: number;
  /** When this server stored it, for pulls since a time. */
  server_time: number;
}

/** A bookmark or, with `deleted` 1, the tombstone of one (reading sync); times are epoch ms. */
export interface ReadingBookmarkTable {
  user_id: number;
  book_id: string;
  /** SHA-256 hex of `cfi`: the key, since a CFI may be longer than an index entry may be. */
  cfi_hash: string;
  cfi: string;
  content: string;
  create_time: number;
  update_time: number;
  /** 1 or 0. */
  deleted: number;
  server_time: number;
}

/** A user's picture hub (PicHub); `config` is encrypted JSON text (modules/pic-hub/pic-hub-crypto.ts). */
export interface PicHubTable {
  id: Generated<number>;
  user_id: number;
  gid: string;
  type: string;
  config: string;
  storage: string;
  /** 1 or 0: the user's active hub. */
  is_default: number;
  update_time: number;
  create_time: number;
}

/** A picture uploaded to a hub (PicHub, spec §3 hub file). */
export interface PicHubFileTable {
  id: Generated<number>;
  user_id: number;
  gid: string;
  original_name: string;
  original_size: number;
  name: string;
  path: string;
  size: number;
  hub_id: string;
  type: string;
  media_type: string;
  storage: string;
  /** yyyy-MM-dd HH:mm:ss */
  create_time: string;
  /** The hub's settings at upload, without a token. */
  config: string;
  sha: string | null;
  link: string | null;
}

/** A user's PicHub settings and CDN templates, each JSON text as the page sent it. */
export interface PicHubSettingsTable {
  user_id: number;
  settings: string;
  github_cdns: string;
  update_time: number;
}

/** The admin-set system hub; `config` encrypted like PicHubTable's. */
export interface PicHubSystemTable {
  slot: string;
  gid: string;
  config: string;
  update_time: number;
  create_time: number;
}

/** Bytes the outbound proxy sent for one key (`user:<id>`, `ip:<address>`) on one UTC day ('YYYY-MM-DD'). */
export interface ProxyQuotaTable {
  quota_key: string;
  day: string;
  bytes: number;
}

/** Chat requests per key and UTC day (modules/chat). */
export interface ChatQuotaTable {
  quota_key: string;
  day: string;
  requests: number;
}

/** A P2P pairing code (modules/p2p); times are epoch ms. */
export interface P2pPairTable {
  code: string;
  create_time: number;
  expires_at: number;
}

/** A remote-device tunnel (modules/tunnel); times are epoch ms, peers are live peer ids. */
export interface TunnelTable {
  id: string;
  secret_hash: string;
  create_time: number;
  expires_at: number;
  owner_peer: string | null;
  connector_peer: string | null;
  accepted_peer: string | null;
}

/** A customer ad (modules/customer-ads, docs/ads.md); times are epoch ms, `deleted` 0/1. */
export interface CustomerAdTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** JSON text of AdSettings. */
  settings: string;
  /** The uploaded picture's storage name when settings.image points at it. */
  image_key: string | null;
  expiration_time: number;
  status: string;
  paused_by: string | null;
  deleted: number;
  views: number;
  visits: number;
  create_time: number;
  update_time: number;
}

/** One counted view or visit of today: the visitor is a daily-rotating HMAC, never an address. */
export interface CustomerAdHitTable {
  ad_id: number;
  kind: string;
  /** UTC 'YYYY-MM-DD'. */
  day: string;
  visitor: string;
}

/** Named numbers of the ads module: `site` is when the set visitors see last changed. */
export interface CustomerAdsStateTable {
  name: string;
  value: number;
}

/** A message-board post or reply (modules/board, docs/board.md); times are epoch ms, `hidden` 0/1. */
export interface BoardPostTable {
  id: Generated<number>;
  user_id: number;
  root_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  hidden: number;
  likes: number;
  replies: number;
  create_time: number;
  update_time: number;
}

export interface BoardLikeTable {
  post_id: number;
  user_id: number;
}

export interface BoardBanTable {
  user_id: number;
  create_time: number;
}

/** Named JSON values of the board: `wordFilter`. */
export interface BoardSettingTable {
  name: string;
  value: string;
}

/** A sample file (modules/samples, docs/samples.md); times are epoch ms. */
export interface SampleTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  /** Short technical name from the content ("PNG", "Word"). */
  format: string;
  mime: string;
  size: number;
  md5: string;
  sha256: string;
  /** `samples/<sha256>`: samples with the same bytes share the object. */
  storage_key: string;
  description_cn: string;
  description_en: string;
  position: number;
  create_time: number;
  update_time: number;
}

export interface SampleCategoryTable {
  id: Generated<number>;
  name_cn: string;
  name_en: string;
  position: number;
  create_time: number;
  update_time: number;
}

/** Named numbers of the samples module: `seeded` is when the first catalogue was made. */
export interface SamplesStateTable {
  name: string;
  value: number;
}

/** A recorded donation (modules/donations, docs/donations.md); money in CNY cents, times epoch ms. */
export interface DonationTable {
  id: Generated<number>;
  user_id: number | null;
  name: string | null;
  amount_cents: number;
  message: string | null;
  donated_at: number;
  create_time: number;
  update_time: number;
}

/** User feedback (modules/feedback, docs/feedback.md); times are epoch ms. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  type: string;
  content: string;
  contact: string | null;
  page: string | null;
  environment: string | null;
  screenshot_key: string | null;
  status: string;
  reply: string | null;
  reply_time: number | null;
  create_time: number;
  update_time: number;
}

export interface Database {
  system_configs: SystemConfigTable;
  action_stat_logs: ActionStatLogTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  login_logs: LoginLogTable;
  captchas: CaptchaTable;
  captcha_tokens: CaptchaTokenTable;
  oauth2_bindings: OAuth2BindingTable;
  reading_locations: ReadingLocationTable;
  reading_bookmarks: ReadingBookmarkTable;
  pic_hubs: PicHubTable;
  pic_hub_files: PicHubFileTable;
  pic_hub_settings: PicHubSettingsTable;
  pic_hub_system: PicHubSystemTable;
  proxy_quota: ProxyQuotaTable;
  chat_quota: ChatQuotaTable;
  p2p_pairs: P2pPairTable;
  tunnels: TunnelTable;
  customer_ads: CustomerAdTable;
  customer_ad_hits: CustomerAdHitTable;
  customer_ads_state: CustomerAdsStateTable;
  feedback: FeedbackTable;
  donations: DonationTable;
  board_posts: BoardPostTable;
  board_likes: BoardLikeTable;
  board_bans: BoardBanTable;
  board_settings: BoardSettingTable;
  samples: SampleTable;
  sample_categories: SampleCategoryTable;
  samples_state: SamplesStateTable;
}
