import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteSignalingUrl } from '../src/browser/signaling-shim';
import { PSTREAM_VERSION } from '../src/voice/gateway';

const require = createRequire(import.meta.url);
const sdkRoot = join(dirname(require.resolve('@twilio/voice-sdk')), '..');
const twilioRoot = dirname(require.resolve('twilio/package.json'));

describe('pinned Twilio versions (the sandbox speaks a private protocol)', () => {
  it('uses @twilio/voice-sdk 2.18.5 and twilio 6.2.0', () => {
    expect(JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8')).version).toBe('2.18.5');
    expect(JSON.parse(readFileSync(join(twilioRoot, 'package.json'), 'utf8')).version).toBe(
      '6.2.0',
    );
  });

  it('speaks the PStream version the installed SDK sends', () => {
    const source = readFileSync(join(sdkRoot, 'esm/twilio/pstream.js'), 'utf8');
    const match = /const PSTREAM_VERSION = '([^']+)'/.exec(source);
    expect(match?.[1]).toBe(PSTREAM_VERSION);
  });

  it('builds the signalling URL the shim rewrites (wss://<chunderw>/signal)', () => {
    const source = readFileSync(join(sdkRoot, 'esm/twilio/regions.js'), 'utf8');
    expect(source).toContain(['return `wss://', '$', '{uri}/signal`;'].join(''));
    const config = { signalingHosts: ['localhost:3000/sandbox'], insecure: true };
    expect(rewriteSignalingUrl('wss://localhost:3000/sandbox/signal', config)).toBe(
      'ws://localhost:3000/sandbox/signal',
    );
    expect(rewriteSignalingUrl('wss://voice-js.roaming.twilio.com/signal', config)).toBe(
      'wss://voice-js.roaming.twilio.com/signal',
    );
    expect(
      rewriteSignalingUrl('wss://localhost:3000/sandbox/signal', { ...config, insecure: false }),
    ).toBe('wss://localhost:3000/sandbox/signal');
  });
});
