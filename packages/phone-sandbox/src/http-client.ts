import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';

const TWILIO_HOST = /^https:\/\/(?:[a-z0-9-]+\.)*twilio\.com(?::\d+)?/i;

/**
 * A `twilio.RequestClient` that sends what the library would send to `https://api.twilio.com`
 * (or any `*.twilio.com` host) to `<baseUrl>/twilio` instead. Pass it as
 * `twilio(accountSid, authToken, { httpClient: sandboxHttpClient(baseUrl) })`.
 */
export function sandboxHttpClient(
  baseUrl: string,
  options: RequestClient.RequestClientOptions = {},
): RequestClient {
  const target = `${baseUrl.replace(/\/+$/, '')}/twilio`;
  class SandboxRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
      return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_HOST, target) });
    }
  }
  return new SandboxRequestClient(options);
}
