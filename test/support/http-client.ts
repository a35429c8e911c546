import type { TestApp } from './test-app';

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  contentType: string;
  body: T;
}

/** A tiny fetch wrapper for e2e tests: JSON in, JSON (or problem+json) out, never throws on a status. */
export function httpClient(app: Pick<TestApp, 'url'>) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<HttpResult<T>> {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, token?: string) => call<T>('GET', path, token),
    post: <T = Record<string, unknown>>(path: string, token?: string, body?: unknown) =>
      call<T>('POST', path, token, body ?? {}),
  };
}
