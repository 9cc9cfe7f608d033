import { describe, expect, it } from 'vitest';
import { unansweredCallMessage, voiceErrorMessage, voiceErrorRecovery } from './voice-errors';

const GENERIC = /^Something went wrong with the phone/;

// spec §8: every voice error code the product lists has a message of its own.
describe('voiceErrorMessage', () => {
  it.each([
    { code: 20101, message: "Your phone couldn't sign in to the phone service. Reconnecting…" },
    { code: 20104, message: 'Your phone session expired. Reconnecting…' },
    { code: 31201, message: 'Phone authorization failed. Please sign in again.' },
    { code: 31204, message: "Your phone couldn't sign in to the phone service. Reconnecting…" },
    { code: 31205, message: 'Your phone session expired. Reconnecting…' },
    { code: 31404, message: "That number can't be reached. Check it and try again." },
    { code: 31486, message: 'The line is busy.' },
    { code: 31480, message: "The person you're calling is unavailable." },
    { code: 31603, message: 'The call was declined.' },
    {
      code: 31401,
      message: 'Microphone access is blocked. Allow it in your browser settings to use the phone.',
    },
    {
      code: 31402,
      message: "We couldn't use your microphone. Check it's connected and not in use.",
    },
    { code: 31008, message: 'The caller hung up or the call was answered elsewhere.' },
    { code: 31000, message: 'Something went wrong with the call. Please try again.' },
    { code: 31005, message: 'The call dropped because of a connection problem.' },
    { code: 31009, message: 'The phone is offline. Reconnecting…' },
    { code: 53001, message: 'Connection to the phone service lost. Reconnecting…' },
    {
      code: 53405,
      message: 'The audio connection failed. Check your network or firewall and try again.',
    },
  ])('gives $code its message', ({ code, message }) => {
    expect(voiceErrorMessage({ code, message: 'raw SDK text' })).toBe(message);
  });

  it.each([
    { text: 'A Call is already active', message: "You're already on a call." },
    {
      text: 'Device has been destroyed',
      message: 'The phone was turned off. Reload the page to use it again.',
    },
    {
      text: "twilio.js wasn't able to find WebRTC browser support.",
      message: "This browser can't make calls. Use a recent Chrome, Edge, Firefox or Safari.",
    },
    { text: 'Devices not found: abc', message: 'That audio device is no longer connected.' },
    {
      text: 'Malformed invite from gateway',
      message: "An incoming call couldn't be received. The caller will be sent to voicemail.",
    },
    {
      text: 'WebSocket Connection Timeout',
      message: "The connection test couldn't reach the phone service.",
    },
  ])('names the condition "$text" (spec §8)', ({ text, message }) => {
    expect(voiceErrorMessage({ code: 31100, message: text })).toBe(message);
  });

  it('falls back to a generic message with the code for an unknown code', () => {
    expect(voiceErrorMessage({ code: 99999 })).toMatch(GENERIC);
    expect(voiceErrorMessage({ code: 99999 })).toContain('99999');
    expect(voiceErrorMessage(null)).toMatch(GENERIC);
  });
});

describe('voiceErrorRecovery (spec §8: token refresh on 20104/31205)', () => {
  it.each([
    { code: 20104, recovery: 'refresh-token' },
    { code: 31205, recovery: 'refresh-token' },
    { code: 20101, recovery: 'refresh-token' },
    { code: 53001, recovery: 'reconnect' },
    { code: 31009, recovery: 'reconnect' },
    { code: 20151, recovery: 'none' },
    { code: 31486, recovery: 'none' },
  ])('recovers from $code by $recovery', ({ code, recovery }) => {
    expect(voiceErrorRecovery({ code })).toBe(recovery);
  });
});

describe('unansweredCallMessage', () => {
  it.each([
    { status: 'busy', message: 'The line is busy.' },
    { status: 'no-answer', message: "The person you're calling is unavailable." },
    { status: 'failed', message: "That number can't be reached. Check it and try again." },
    { status: 'canceled', message: null },
    { status: 'completed', message: null },
  ])('says $message for a call that ended $status', ({ status, message }) => {
    expect(unansweredCallMessage(status)).toBe(message);
  });
});
