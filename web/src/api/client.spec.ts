import { ApiError, getMatch, postJson, setApiLanguage, setApiToken } from './client';

/** The page asks every API call in its language, and shows the problem's `detail` as sent. */
describe('the API client', () => {
  const realFetch = globalThis.fetch;
  let sent: { url: string; headers: Record<string, string> }[];

  beforeEach(() => {
    sent = [];
    globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
      sent.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return Promise.resolve(
        new Response(
          JSON.stringify({
            type: 'https://matchlog.dev/problems/rule-violation',
            title: 'Unprocessable Entity',
            status: 422,
            detail: 'Сейчас не ваш ход: ходит Аня',
            instance: url,
          }),
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      );
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    setApiLanguage('en');
    setApiToken(undefined);
  });

  it('sends Accept-Language: the page language, on reads and writes', async () => {
    setApiLanguage('ru');
    setApiToken('seat-token');
    await expect(getMatch('m-1')).rejects.toBeInstanceOf(ApiError);
    await expect(postJson('/api/v1/matches/m-1/decisions', {})).rejects.toBeInstanceOf(ApiError);
    expect(sent.map((call) => call.headers['accept-language'])).toEqual(['ru', 'ru']);
    expect(sent[1].headers.authorization).toBe('Bearer seat-token');
    setApiLanguage('en');
    await expect(getMatch('m-1')).rejects.toBeInstanceOf(ApiError);
    expect(sent[2].headers['accept-language']).toBe('en');
  });

  it('shows the detail the server wrote in that language', async () => {
    setApiLanguage('ru');
    const error = (await postJson('/api/v1/matches/m-1/decisions', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({
      status: 422,
      code: 'rule-violation',
      detail: 'Сейчас не ваш ход: ходит Аня',
    });
  });
});
