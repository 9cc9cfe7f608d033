/** fetch with a cookie jar, speaking to the app the way the browser does. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // What a browser on our own pages sends with every fetch (the CSRF check reads it).
    if (!headers.has('origin')) headers.set('origin', this.baseUrl);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  json(method: string, path: string, body: unknown) {
    return this.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async csrfToken(): Promise<string> {
    const response = await this.get('/api/auth/csrf');
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return csrfToken;
  }

  /** Posts a form to an Auth.js action the way its client does (X-Auth-Return-Redirect). */
  async authForm(action: string, fields: Record<string, string>) {
    const csrfToken = await this.csrfToken();
    const response = await this.request(`/api/auth/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
      },
      body: new URLSearchParams({ csrfToken, ...fields }),
    });
    const { url } = (await response.json()) as { url: string };
    const params = new URL(url).searchParams;
    return {
      status: response.status,
      url,
      ok: !params.has('error'),
      error: params.get('error'),
      code: params.get('code'),
    };
  }

  signIn(email: string, password: string) {
    return this.authForm('callback/credentials', { email, password, callbackUrl: '/' });
  }

  signOut() {
    return this.authForm('signout', { callbackUrl: '/auth/login' });
  }

  /** Auth.js's session update, as the account switcher sends it. */
  async updateSession(data: Record<string, unknown>) {
    const csrfToken = await this.csrfToken();
    return this.json('POST', '/api/auth/session', { csrfToken, data });
  }
}
