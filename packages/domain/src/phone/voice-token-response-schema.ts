import { z } from 'zod';

// spec §3, §5: the voice token response; the token must be a string.
export const voiceTokenResponseSchema = z.object({ token: z.string() });

export type VoiceTokenResponse = z.output<typeof voiceTokenResponseSchema>;
