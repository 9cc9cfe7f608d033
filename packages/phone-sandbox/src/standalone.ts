import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { assertSandboxAllowed } from './production-guard';
import { createPhoneSandbox, type PhoneSandbox } from './sandbox';

export interface StandaloneOptions {
  port?: number;
  basePath?: string;
  accountSid?: string;
  authToken?: string;
  apiKeySid?: string;
  apiKeySecret?: string;
  timeScale?: number;
  heartbeatMs?: number;
  /** The control API's and phone page's token (see access-guard.ts). */
  accessToken?: string;
  /** Extra routes served next to the sandbox (tests mount their fake app here). */
  extra?: Hono;
}

export interface StandaloneSandbox {
  sandbox: PhoneSandbox;
  /** `http://localhost:<port>` */
  origin: string;
  /** `origin` + basePath */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

export const TEST_CREDENTIALS = {
  accountSid: 'AC00000000000000000000000000000000',
  authToken: 'sandbox-auth-token',
  apiKeySid: 'SK00000000000000000000000000000000',
  apiKeySecret: 'sandbox-api-key-secret',
} as const;

/** Runs the sandbox on its own node http server (port 0 picks a free port). */
export async function startStandalone(options: StandaloneOptions = {}): Promise<StandaloneSandbox> {
  const basePath = options.basePath ?? '/sandbox';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://localhost:${port}`;
  const sandbox = createPhoneSandbox({
    basePath,
    publicUrl: origin,
    accountSid: options.accountSid ?? TEST_CREDENTIALS.accountSid,
    authToken: options.authToken ?? TEST_CREDENTIALS.authToken,
    apiKeySid: options.apiKeySid ?? TEST_CREDENTIALS.apiKeySid,
    apiKeySecret: options.apiKeySecret ?? TEST_CREDENTIALS.apiKeySecret,
    timeScale: options.timeScale ?? 1,
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
  });
  const root = new Hono();
  root.route(basePath, sandbox.app);
  if (options.extra) root.route('/', options.extra);
  server.on('request', getRequestListener(root.fetch));
  server.on('upgrade', (req, socket, head) => {
    if (!sandbox.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return {
    sandbox,
    origin,
    baseUrl: origin + basePath,
    port,
    close: async () => {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  assertSandboxAllowed({
    production: process.env.NODE_ENV === 'production',
    hasTwilioCredentials: Boolean(process.env.TWILIO_ACCOUNT_SID && process.env.TWILIO_AUTH_TOKEN),
  });
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  startStandalone({
    port,
    accountSid: process.env.SANDBOX_ACCOUNT_SID,
    authToken: process.env.SANDBOX_AUTH_TOKEN,
    apiKeySid: process.env.SANDBOX_API_KEY_SID,
    apiKeySecret: process.env.SANDBOX_API_KEY_SECRET,
  }).then(({ baseUrl }) => {
    console.log(`Phone sandbox on ${baseUrl} (phone simulator: ${baseUrl}/phone)`);
  });
}
