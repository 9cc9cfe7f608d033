import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthenticatedSessionProvider } from '@/app/providers/authenticated-session';
import { stubServer } from '@/test/fake-server';
import { signedInSession } from '@/test/fixtures';
import { renderWithPhone } from '../test/render-phone';
import { InboxControls } from './inbox-controls';
import { ReplyBox } from './reply-box';

// Issue 24 item 7: the shared inbox's controls in a conversation, and saved replies.

const CONVERSATION = '7b1f7c1e-2a34-4f55-9a1b-000000000002';
const REPLY = '7b1f7c1e-2a34-4f55-9a1b-0000000000f1';
const DANA = '7b1f7c1e-2a34-4f55-9a1b-0000000000d1';
const me = signedInSession.user;

const replies = {
  replies: [
    {
      id: REPLY,
      name: 'Balance reminder',
      body: 'Hi {{customer.firstName}}, {{order.balance}} is due: {{order.payLink}}',
      updatedAt: '2026-11-20T15:00:00.000Z',
    },
  ],
};

function renderInSession(ui: React.ReactNode) {
  return renderWithPhone(
    <AuthenticatedSessionProvider session={signedInSession}>{ui}</AuthenticatedSessionProvider>,
  );
}

describe('the shared inbox in a conversation', () => {
  it('assigns to a teammate and closes, saying so', async () => {
    const { requests } = stubServer({
      'GET /api/phone/teammates': () =>
        Response.json({
          teammates: [
            { id: DANA, name: 'Dana Driver' },
            { id: me.id, name: me.name },
          ],
        }),
      [`PATCH /api/phone/text/${CONVERSATION}`]: () =>
        Response.json({ id: CONVERSATION, status: 'open', assignee: null }),
    });
    renderInSession(
      <InboxControls
        conversationId={CONVERSATION}
        inbox={{ status: 'open', assignee: null }}
        canChange
      />,
    );
    const select = screen.getByLabelText('Assigned to');
    expect(select).toHaveValue('');
    await screen.findByRole('option', { name: `${me.name} (you)` });
    await userEvent.selectOptions(select, DANA);
    expect(await screen.findByText('Assigned to Dana Driver')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Conversation closed')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.json)).toEqual([
      { assigneeId: DANA },
      { status: 'closed' },
    ]);
  });

  it('shows a reader who has it, with nothing to change', () => {
    stubServer({});
    renderInSession(
      <InboxControls
        conversationId={CONVERSATION}
        inbox={{ status: 'closed', assignee: { id: DANA, name: 'Dana Driver' } }}
        canChange={false}
      />,
    );
    expect(screen.getByText('Assigned to Dana Driver · Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('saved replies', () => {
  it('puts the filled reply after what is typed, sends nothing, and says which fields were empty', async () => {
    const { requests } = stubServer({
      'GET /api/saved-replies': () => Response.json(replies),
      [`POST /api/saved-replies/${REPLY}/fill`]: () =>
        Response.json({
          body: 'Hi Ada, $250.00 is due: https://app.example/l/Ab3dEf7hJk',
          orderNumber: 1042,
          missing: [],
        }),
    });
    renderInSession(<ReplyBox conversationId={CONVERSATION} blockedReason={null} offerReplies />);
    const reply = screen.getByLabelText('Reply');
    await userEvent.type(reply, 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Saved replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Balance reminder/ }));
    expect(await screen.findByDisplayValue(/Thanks!/)).toHaveValue(
      'Thanks!\nHi Ada, $250.00 is due: https://app.example/l/Ab3dEf7hJk',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reply).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.json)).toEqual([
      { conversationId: CONVERSATION },
    ]);
  });

  it('warns when fields had nothing to fill', async () => {
    stubServer({
      'GET /api/saved-replies': () => Response.json(replies),
      [`POST /api/saved-replies/${REPLY}/fill`]: () =>
        Response.json({
          body: 'Hi , is due:',
          orderNumber: null,
          missing: ['customer.firstName', 'order.balance', 'order.payLink'],
        }),
    });
    renderInSession(<ReplyBox conversationId={CONVERSATION} blockedReason={null} offerReplies />);
    await userEvent.click(screen.getByRole('button', { name: 'Saved replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Balance reminder/ }));
    expect(
      await screen.findByText(/Left empty: First name, Balance due, Pay link/),
    ).toBeInTheDocument();
  });

  it('saves a new reply, checking it first and showing the server’s refusal on its field', async () => {
    const { requests } = stubServer({
      'GET /api/saved-replies': () => Response.json({ replies: [] }),
      'POST /api/saved-replies': () =>
        Response.json(
          {
            error: {
              code: 'conflict',
              message: 'A saved reply with this name already exists',
              fields: { name: ['A saved reply with this name already exists'] },
            },
          },
          { status: 409 },
        ),
    });
    renderInSession(<ReplyBox conversationId={CONVERSATION} blockedReason={null} offerReplies />);
    await userEvent.click(screen.getByRole('button', { name: 'Saved replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    expect(await within(dialog).findByText(/No saved replies yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'New reply' }));
    const form = await screen.findByRole('dialog', { name: 'New saved reply' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Directions');
    await userEvent.type(
      within(form).getByLabelText('Text'),
      'Hi {{{{customer.frstName}}, see you soon',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(
      await within(form).findByText('Unknown merge field: {{customer.frstName}}'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    const text = within(form).getByLabelText('Text');
    await userEvent.clear(text);
    await userEvent.type(text, 'Find us at the big red barn');
    await userEvent.click(within(form).getByRole('button', { name: 'Save reply' }));
    expect(
      await within(form).findByText('A saved reply with this name already exists'),
    ).toBeInTheDocument();
    // Saving the reply did not send the text being written.
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/saved-replies',
    ]);
  });
});
