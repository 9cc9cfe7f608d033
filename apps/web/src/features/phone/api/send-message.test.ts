import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { sendMessage } from './send-message';

describe('sendMessage (spec §7, §8 reply in a conversation)', () => {
  it('returns the answer as is', async () => {
    stubServer({
      'POST /api/phone/text/conv-1/sendMessage': () =>
        Response.json({ id: 'msg-1', conversationId: 'conv-1', status: 'queued' }, { status: 201 }),
    });
    await expect(sendMessage('conv-1', 'Hi')).resolves.toEqual({
      id: 'msg-1',
      conversationId: 'conv-1',
      status: 'queued',
    });
  });

  it.each([409, 500])(
    "on HTTP %i toasts 'Failed to send message' and returns an error with the same text",
    async (status) => {
      const toastError = vi.spyOn(toast, 'error');
      stubServer({
        'POST /api/phone/text/conv-1/sendMessage': () =>
          Response.json({ error: { code: 'conflict', message: 'Opted out' } }, { status }),
      });
      await expect(sendMessage('conv-1', 'Hi')).rejects.toThrow(/^Failed to send message$/);
      // A refusal's reason goes under it; a server failure has none worth showing.
      expect(toastError).toHaveBeenCalledWith(
        'Failed to send message',
        status === 409 ? { description: 'Opted out' } : undefined,
      );
    },
  );
});
