import { createHmac, timingSafeEqual } from 'node:crypto';

/** The parts of a Twilio access token (HS256 JWT with a VoiceGrant) the gateway uses. */
export interface VoiceToken {
  identity: string;
  accountSid: string;
  applicationSid: string | null;
  incomingAllow: boolean;
  expiresAt: number;
}

export type TokenCheck =
  | { ok: true; token: VoiceToken }
  | { ok: false; code: 31204 | 31205; message: string };

interface Keys {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

const invalid = (message: string): TokenCheck => ({ ok: false, code: 31204, message });

export function verifyVoiceToken(jwt: unknown, keys: Keys, nowMs = Date.now()): TokenCheck {
  if (typeof jwt !== 'string') return invalid('JWT is invalid');
  const parts = jwt.split('.');
  const [head, body, signature] = parts;
  if (parts.length !== 3 || head === undefined || body === undefined || signature === undefined)
    return invalid('JWT is invalid');
  const header = parseJson(head);
  if (header?.alg !== 'HS256') return invalid('JWT is invalid: algorithm must be HS256');
  const expected = createHmac('sha256', keys.apiKeySecret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return invalid('JWT signature validation failed');
  const claims = parseJson(body);
  if (!claims) return invalid('JWT is invalid');
  if (claims.iss !== keys.apiKeySid) return invalid('JWT issuer is not a known API key');
  if (claims.sub !== keys.accountSid) return invalid('JWT subject is not this account');
  if (typeof claims.exp !== 'number')
    return { ok: false, code: 31205, message: 'JWT has no expiry' };
  if (claims.exp * 1000 <= nowMs) return { ok: false, code: 31205, message: 'JWT token expired' };
  const grants = asRecord(claims.grants);
  const identity = grants?.identity;
  if (typeof identity !== 'string' || identity === '') return invalid('JWT has no identity grant');
  const voice = asRecord(grants?.voice);
  const outgoing = asRecord(voice?.outgoing);
  const incoming = asRecord(voice?.incoming);
  return {
    ok: true,
    token: {
      identity,
      accountSid: keys.accountSid,
      applicationSid:
        typeof outgoing?.application_sid === 'string' ? outgoing.application_sid : null,
      incomingAllow: incoming?.allow === true,
      expiresAt: claims.exp * 1000,
    },
  };
}

function parseJson(segment: string): Record<string, unknown> | null {
  try {
    return asRecord(JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
