import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { renderWithPhone } from '../test/render-phone';
import { NewTextDialog } from './new-text-dialog';

function openDialog(initialNumber = '') {
  const onSent = vi.fn();
  renderWithPhone(
    <NewTextDialog open initialNumber={initialNumber} onOpenChange={() => {}} onSent={onSent} />,
  );
  return { onSent, dialog: screen.getByRole('dialog', { name: 'New text' }) };
}

async function send(dialog: HTMLElement, number: string, body: string) {
  const user = userEvent.setup();
  const phone = within(dialog).getByLabelText('Phone Number');
  await user.clear(phone);
  if (number) await user.type(phone, number);
  if (body) await user.type(within(dialog).getByLabelText('Message'), body);
  await user.click(within(dialog).getByRole('button', { name: 'Send text' }));
}

describe('NewTextDialog (spec §5, §7, §8)', () => {
  it('sends the number normalised and the body, and opens the conversation', async () => {
    const server = stubServer({
      'POST /api/phone/text/create': () => Response.json({ id: 'conv-9' }, { status: 201 }),
    });
    const { dialog, onSent } = openDialog('+15550100123');
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('(555) 010-0123');
    await send(dialog, '555 010 0123', 'See you Saturday');
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith('conv-9'));
    expect(server.requests[0]?.json).toEqual({
      phoneNumber: '+15550100123',
      body: 'See you Saturday',
    });
  });

  it("says 'Phone number is required' and 'Message is required' before sending anything", async () => {
    const server = stubServer({});
    const { dialog } = openDialog();
    await send(dialog, '', '');
    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [403, 'You do not have permission to send messages'],
    [400, 'Invalid phone number'],
    [409, 'Invalid phone number'],
    [500, 'Failed to send message, please try again.'],
  ])('maps HTTP %i from the server to %j', async (status, message) => {
    stubServer({
      'POST /api/phone/text/create': () =>
        Response.json({ error: { code: 'bad_request', message: 'Refused' } }, { status }),
    });
    const { dialog, onSent } = openDialog();
    await send(dialog, '(555) 010-0123', 'Hello');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.firstChild).toHaveTextContent(new RegExp(`^${message.replace('.', '\\.')}$`));
    expect(onSent).not.toHaveBeenCalled();
  });

  it('explains a number that opted out under the spec message', async () => {
    stubServer({
      'POST /api/phone/text/create': () =>
        Response.json(
          {
            error: {
              code: 'conflict',
              message: 'This number has opted out of texts (they replied STOP).',
            },
          },
          { status: 409 },
        ),
    });
    const { dialog } = openDialog();
    await send(dialog, '(555) 010-0123', 'Hello');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Invalid phone number');
    expect(alert).toHaveTextContent('This number has opted out of texts (they replied STOP).');
  });

  it("says 'Failed to send message, please try again.' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { dialog } = openDialog();
    await send(dialog, '(555) 010-0123', 'Hello');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to send message, please try again.',
    );
  });
});
