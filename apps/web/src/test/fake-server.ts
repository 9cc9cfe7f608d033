import { vi } from 'vitest';

/** A request as the fake server sees it. */
export type FakeRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** The form fields of a form-encoded body. */
  form: URLSearchParams;
  /** The parsed body of a JSON request. */
  json: unknown;
  /** The fields of a multipart body (an upload), files included. */
  formData: FormData | null;
};

type Handler = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Stands in for the API server, which is outside the web app: replaces `fetch` with one that
 * answers `"METHOD /path"` from `routes`. A request no route expects throws, failing the test.
 */
export function stubServer(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const headers = new Headers(init.headers);
    const formData = init.body instanceof FormData ? init.body : null;
    const body =
      typeof init.body === 'string'
        ? init.body
        : init.body == null || formData
          ? null
          : String(init.body);
    const isJson = headers.get('Content-Type') === 'application/json';
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers,
      form: new URLSearchParams(isJson ? '' : (body ?? '')),
      json: isJson && body ? JSON.parse(body) : undefined,
      formData,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) throw new Error(`The fake server has no route for ${request.method} ${url}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests };
}

/** A promise that never settles: a request still in flight. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}
