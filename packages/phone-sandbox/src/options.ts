import { isE164 } from './pstn/magic-numbers';

export interface SandboxLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

/** A number the phone page offers to play, with whose it is. */
export interface SuggestedCaller {
  /** Shown beside the number: the customer's name. */
  name: string;
  /** E.164; anything else is left out. */
  number: string;
}

export interface PhoneSandboxOptions {
  /** Where the server mounts `app`; default `/sandbox`. */
  basePath?: string;
  /** The origin the browser and the webhooks use, e.g. `http://localhost:3000`. */
  publicUrl: string;
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** Used to deliver webhooks; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  logger?: SandboxLogger;
  /**
   * Multiplies every simulated duration (ringing, Say, Pause, default Dial timeout). Tests use a
   * small value; default 1.
   */
  timeScale?: number;
  /** Area code of the numbers AvailablePhoneNumbers offers; default 555. */
  areaCode?: string;
  /**
   * How often the Voice SDK gateway sends its `"\n"` heartbeat; default 10 000 ms (Twilio's). A
   * device that sends nothing (not even the heartbeat echo) for three intervals is dropped.
   */
  heartbeatMs?: number;
  /**
   * When set, the control API, the phone page and its socket answer only requests that present
   * it (see access-guard.ts). Required for a sandbox served in production.
   */
  accessToken?: string | null;
  /**
   * Numbers the phone page offers as its own ("Play a demo customer"): the app hands over its
   * demo customers at start, so the sandbox never reads the app's data. Default none.
   */
  suggestedCallers?: readonly SuggestedCaller[];
}

export interface ResolvedOptions
  extends Required<Omit<PhoneSandboxOptions, 'logger' | 'fetch' | 'accessToken'>> {
  accessToken: string | null;
  logger: SandboxLogger;
  fetch: typeof fetch;
  /** `publicUrl` + `basePath`, no trailing slash. */
  baseUrl: string;
}

const silentLogger: SandboxLogger = { info: () => {}, warn: () => {} };

export function resolveOptions(options: PhoneSandboxOptions): ResolvedOptions {
  const basePath = normaliseBasePath(options.basePath ?? '/sandbox');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  return {
    basePath,
    publicUrl,
    accountSid: options.accountSid,
    authToken: options.authToken,
    apiKeySid: options.apiKeySid,
    apiKeySecret: options.apiKeySecret,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    logger: options.logger ?? silentLogger,
    timeScale: options.timeScale ?? 1,
    areaCode: options.areaCode ?? '555',
    heartbeatMs: options.heartbeatMs ?? 10_000,
    accessToken: options.accessToken ?? null,
    suggestedCallers: (options.suggestedCallers ?? [])
      .filter((caller) => isE164(caller.number))
      .map((caller) => ({ name: caller.name.trim() || caller.number, number: caller.number })),
    baseUrl: publicUrl + basePath,
  };
}

function normaliseBasePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
