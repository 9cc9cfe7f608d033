import { describe, expect, it } from 'vitest';
import {
  createTextInputSchema,
  MESSAGE_BODY_REQUIRED_MESSAGE,
  sentMessageResponseSchema,
} from './messaging-api-schemas';

describe('createTextInputSchema', () => {
  it("rejects a bad number with 'Invalid phone number' and an empty text", () => {
    const result = createTextInputSchema.safeParse({ phoneNumber: '0123', body: '  ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phoneNumber', 'Invalid phone number'],
      ['body', MESSAGE_BODY_REQUIRED_MESSAGE],
    ]);
  });
});

describe('sentMessageResponseSchema', () => {
  it.each([
    {
      why: 'accepts the stored text',
      input: { id: 'm1', conversationId: 'c1', status: 'queued' },
      ok: true,
    },
    {
      why: 'rejects a text without its conversation',
      input: { id: 'm1', status: 'queued' },
      ok: false,
    },
    { why: 'rejects the bare id of the create answer', input: { id: 'm1' }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(sentMessageResponseSchema.safeParse(input).success).toBe(ok);
  });
});
