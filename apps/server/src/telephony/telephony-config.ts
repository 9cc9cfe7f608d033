import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The carrier account the server speaks to through the `twilio` library. With TWILIO_*
 * variables set, that is Twilio; without them, the phone sandbox on our own origin, with
 * credentials made once per data folder. Either way the rest of the server sees the same
 * shape: credentials and a REST base URL.
 */
export type TelephonyConfig = {
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** Where the REST client sends requests; null means Twilio's own hosts. */
  restBaseUrl: string | null;
  /** Handed to the browser's Voice SDK (`chunderw`); empty means Twilio's own gateway. */
  signalingHosts: string[];
  /** The gateway speaks ws:// (the sandbox over http); see decision 0005. */
  insecureSignaling: boolean;
  /** Base URL of the Voice SDK's sounds; null means the SDK's defaults. */
  soundsBaseUrl: string | null;
  /** The browser's Device publishes call insights (Twilio's event gateway exists only there). */
  publishInsights: boolean;
  /** Mount the sandbox carrier in this process. */
  sandbox: boolean;
};

const twilioEnv = z.object({
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be an Account SID (AC + 32 hex)'),
  TWILIO_AUTH_TOKEN: z.string().min(16),
  TWILIO_API_KEY_SID: z.string().regex(/^SK[0-9a-f]{32}$/, 'must be an API key SID (SK + 32 hex)'),
  TWILIO_API_KEY_SECRET: z.string().min(16),
  // Optional: a Twilio-compatible API at another base URL (the phone sandbox run on its own).
  TWILIO_API_URL: z.url('must be a URL').optional(),
});
/** Every variable the carrier's configuration reads. */
export const TWILIO_ENV_VARIABLES = Object.keys(twilioEnv.shape);
const TWILIO_VARIABLES = TWILIO_ENV_VARIABLES.filter((name) => name !== 'TWILIO_API_URL');

export const SANDBOX_BASE_PATH = '/sandbox';

/** Production with neither a Twilio account nor an explicitly enabled sandbox. */
export class NoCarrierError extends Error {
  constructor() {
    super(
      `No phone carrier: set ${TWILIO_VARIABLES.join(', ')} for Twilio, or, for a demo deployment only, PHONE_SANDBOX=true with PHONE_SANDBOX_TOKEN.`,
    );
  }
}

export function telephonyConfig(
  env: NodeJS.ProcessEnv,
  {
    appUrl,
    dataDir,
    sandboxAllowed = true,
  }: { appUrl: string; dataDir: string | null; sandboxAllowed?: boolean },
): TelephonyConfig {
  const given = TWILIO_VARIABLES.filter((name) => env[name]);
  if (given.length > 0) {
    const parsed = twilioEnv.safeParse(env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(
        `Twilio is half configured; set all of ${TWILIO_VARIABLES.join(', ')}:\n  - ${problems.join('\n  - ')}`,
      );
    }
    const credentials = {
      accountSid: parsed.data.TWILIO_ACCOUNT_SID,
      authToken: parsed.data.TWILIO_AUTH_TOKEN,
      apiKeySid: parsed.data.TWILIO_API_KEY_SID,
      apiKeySecret: parsed.data.TWILIO_API_KEY_SECRET,
      sandbox: false,
    };
    const apiUrl = parsed.data.TWILIO_API_URL;
    if (apiUrl) {
      // A Twilio-compatible carrier elsewhere (the sandbox in its own process): REST,
      // signalling and sounds all live under that base URL.
      const url = new URL(apiUrl);
      return {
        ...credentials,
        restBaseUrl: apiUrl.replace(/\/$/, ''),
        signalingHosts: [`${url.host}${url.pathname.replace(/\/$/, '')}`],
        insecureSignaling: url.protocol === 'http:',
        soundsBaseUrl: `${apiUrl.replace(/\/$/, '')}/sounds`,
        publishInsights: false,
      };
    }
    return {
      ...credentials,
      restBaseUrl: null,
      signalingHosts: [],
      insecureSignaling: false,
      soundsBaseUrl: null,
      publishInsights: true,
    };
  }
  if (!sandboxAllowed) throw new NoCarrierError();
  const url = new URL(appUrl);
  const base = `${appUrl.replace(/\/$/, '')}${SANDBOX_BASE_PATH}`;
  return {
    ...sandboxCredentials(dataDir),
    restBaseUrl: base,
    signalingHosts: [`${url.host}${SANDBOX_BASE_PATH}`],
    insecureSignaling: url.protocol === 'http:',
    soundsBaseUrl: `${base}/sounds`,
    publishInsights: false,
    sandbox: true,
  };
}

type Credentials = Pick<TelephonyConfig, 'accountSid' | 'authToken' | 'apiKeySid' | 'apiKeySecret'>;

// Sandbox credentials look like Twilio's and are kept with the data, so tokens and webhook
// signatures stay valid across restarts.
function sandboxCredentials(dataDir: string | null): Credentials {
  const make = (): Credentials => ({
    accountSid: `AC${randomBytes(16).toString('hex')}`,
    authToken: randomBytes(16).toString('hex'),
    apiKeySid: `SK${randomBytes(16).toString('hex')}`,
    apiKeySecret: randomBytes(24).toString('base64url'),
  });
  if (!dataDir) return make();
  const file = path.join(dataDir, 'sandbox-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  mkdirSync(dataDir, { recursive: true });
  const credentials = make();
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}
