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

export interface Database {
  system_configs: SystemConfigTable;
  action_stat_logs: ActionStatLogTable;
}
