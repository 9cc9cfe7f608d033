// The auth section's baseline (bench/auth.bench.ts): Twilio's quickstart `/token`, as a bare
// Hono route in a process of its own (as the app's server is). It signs the same Voice access
// token the app does, with no session, no database and no auth. Prints its port as JSON.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import twilio from 'twilio';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const API_KEY_SID = `SK${'0'.repeat(32)}`;
const API_KEY_SECRET = 'bench-api-key-secret-0123456789';
const APP_SID = `AP${'0'.repeat(32)}`;

const app = new Hono();
app.get('/token', (c) => {
  const token = new twilio.jwt.AccessToken(ACCOUNT_SID, API_KEY_SID, API_KEY_SECRET, {
    identity: 'user_00000000-0000-0000-0000-000000000000',
    ttl: 3600,
  });
  token.addGrant(
    new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: APP_SID, incomingAllow: true }),
  );
  return c.json({ token: token.toJwt() });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
