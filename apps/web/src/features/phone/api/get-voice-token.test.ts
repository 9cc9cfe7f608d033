import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { getVoiceToken, VOICE_TOKEN_FAILED_MESSAGE } from './get-voice-token';

function reporter() {
  return { captureException: vi.fn(), setUser: vi.fn() };
}

describe('getVoiceToken (spec §7, §8)', () => {
  it('returns the token', async () => {
    stubServer({ 'GET /api/phone/voice/token': () => Response.json({ token: 'jwt' }) });
    expect(await getVoiceToken(reporter())).toBe('jwt');
  });

  it("reports a failure with status, statusText and 'Failed to get voice token'", async () => {
    stubServer({
      'GET /api/phone/voice/token': () =>
        new Response('{}', { status: 404, statusText: 'Not Found' }),
    });
    const errors = reporter();
    await expect(getVoiceToken(errors)).rejects.toThrow(VOICE_TOKEN_FAILED_MESSAGE);
    expect(errors.captureException).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Failed to get voice token' }),
      { status: 404, statusText: 'Not Found' },
    );
  });

  it('reports a token that is not a string (spec §5)', async () => {
    stubServer({ 'GET /api/phone/voice/token': () => Response.json({ token: 42 }) });
    const errors = reporter();
    await expect(getVoiceToken(errors)).rejects.toThrow(VOICE_TOKEN_FAILED_MESSAGE);
    expect(errors.captureException).toHaveBeenCalledTimes(1);
  });
});
