import type { ApiEnvelope } from '@shared/contracts/api';

export interface ApiCall {
  /** JSON body. */
  json?: unknown;
  /** Raw body sent as text/plain. */
  text?: string;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Headers;
}

/** fetch against the test server, returning status and parsed envelope. */
export function apiClient(baseUrl: string) {
  return async function call<T = unknown>(method: string, path: string, options: ApiCall = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.text !== undefined) {
      headers['Content-Type'] = 'text/plain';
      body = options.text;
    } else if (options.form) {
      body = options.form;
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as ApiEnvelope<T>, headers: res.headers };
  };
}

export type ApiCaller = ReturnType<typeof apiClient>;
