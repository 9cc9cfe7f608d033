import type { ThreadLinkOptions } from '@tentpole/domain';
import { DEFAULT_LOCALE_FORMAT } from '@tentpole/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { renderWithPhone } from '../test/render-phone';
import { ReplyBox } from './reply-box';
import { TimelineEntry, timelineEventText } from './timeline-entry';

const CONVERSATION = '7b1f7c1e-2a34-4f55-9a1b-000000000001';
const LINKS = `/api/phone/text/${CONVERSATION}/links`;
const ORDER_A = '7b1f7c1e-2a34-4f55-9a1b-00000000000a';
const ORDER_B = '7b1f7c1e-2a34-4f55-9a1b-00000000000b';

const options: ThreadLinkOptions = {
  orders: [
    {
      id: ORDER_A,
      number: 1042,
      status: 'reserved',
      eventStart: '2099-06-13T15:00:00.000Z',
      balanceDue: 25_000,
      awaitingSignature: true,
      awaitingApproval: false,
    },
    {
      id: ORDER_B,
      number: 1050,
      status: 'confirmed',
      eventStart: '2099-07-04T15:00:00.000Z',
      balanceDue: 0,
      awaitingSignature: false,
      awaitingApproval: true,
    },
  ],
  payLinks: true,
  currency: 'USD',
  timeZone: 'America/Chicago',
};

function renderReply() {
  return renderWithPhone(
    <ReplyBox conversationId={CONVERSATION} blockedReason={null} offerLinks />,
  );
}

describe('links in the thread (issue 24 item 3)', () => {
  it('adds a pay link for another amount to what is typed, and gives the reply its focus back', async () => {
    const { requests } = stubServer({
      [`GET ${LINKS}`]: () => Response.json(options),
      [`POST ${LINKS}`]: () =>
        Response.json(
          {
            url: 'https://app.example/l/Ab3dEf7hJk',
            orderNumber: 1042,
            kind: 'pay',
            amount: 5_000,
          },
          { status: 201 },
        ),
    });
    renderReply();
    const reply = screen.getByLabelText('Reply');
    await userEvent.type(reply, 'Hi Ada!');
    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    // The first open order is chosen; its contract waits, and it has a balance to pay.
    const kinds = (await within(dialog).findAllByRole('radio')).map(
      (r) => r.closest('label')?.textContent,
    );
    expect(kinds).toEqual([
      expect.stringContaining('Order page'),
      expect.stringContaining('Contract to sign'),
      expect.stringContaining('Pay link'),
    ]);
    await userEvent.click(within(dialog).getByRole('radio', { name: /Pay link/ }));
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('250.00');
    await userEvent.clear(amount);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter an amount above zero',
    );
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to reply' }));

    expect(await screen.findByDisplayValue(/Hi Ada!/)).toHaveValue(
      'Hi Ada! Order #1042: you can pay $50.00 by card here: https://app.example/l/Ab3dEf7hJk',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reply).toHaveFocus();
    // Only the link was asked for: adding it did not send the reply.
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([LINKS]);
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      orderId: ORDER_A,
      kind: 'pay',
      amount: 5_000,
    });
  });

  it('offers the changes to approve for the order that has them, and says why a link was refused', async () => {
    stubServer({
      [`GET ${LINKS}`]: () => Response.json(options),
      [`POST ${LINKS}`]: () =>
        Response.json(
          {
            error: {
              code: 'conflict',
              message: 'This order has no changes waiting for approval.',
            },
          },
          { status: 409 },
        ),
    });
    renderReply();
    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Order'), ORDER_B);
    // Nothing is due on it: no pay link; it changed since signing: the approval.
    expect(within(dialog).queryByRole('radio', { name: /Pay link/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Changes to approve/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This order has no changes waiting for approval.',
    );
    expect(screen.getByLabelText('Reply')).toHaveValue('');
  });

  it('says when the customer has no open orders', async () => {
    stubServer({
      [`GET ${LINKS}`]: () => Response.json({ ...options, orders: [] }),
    });
    renderReply();
    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    expect(
      await screen.findByText('This customer has no open orders to link to.'),
    ).toBeInTheDocument();
  });

  it('words what the customer did, with the money only when the member may see it', () => {
    const text = (event: Parameters<typeof timelineEventText>[0]) => {
      const { before, after } = timelineEventText(event, 'USD', DEFAULT_LOCALE_FORMAT);
      return `${before}order #1042${after}`;
    };
    expect(text({ kind: 'paid', amount: 15_000, name: null })).toBe('Paid $150.00 on order #1042');
    expect(text({ kind: 'paid', amount: null, name: null })).toBe('Paid on order #1042');
    expect(text({ kind: 'signed', amount: null, name: 'Ada 🎈 Lovelace' })).toBe(
      'Signed the contract for order #1042 as “Ada 🎈 Lovelace”',
    );
    expect(text({ kind: 'approved', amount: null, name: 'Ada' })).toBe(
      'Approved the changes to order #1042 as “Ada”',
    );
    renderWithPhone(
      <ol>
        <TimelineEntry
          event={{
            id: 'e1',
            kind: 'paid',
            at: '2099-06-01T15:04:00.000Z',
            orderId: ORDER_A,
            orderNumber: 1042,
            amount: 15_000,
            name: null,
          }}
          currency="USD"
          mayOpenOrder={false}
        />
      </ol>,
    );
    expect(screen.getByTestId('timeline-entry')).toHaveTextContent(
      /^Paid \$150\.00 on order #1042 · \d{1,2}:\d{2} [AP]M$/,
    );
  });
});
