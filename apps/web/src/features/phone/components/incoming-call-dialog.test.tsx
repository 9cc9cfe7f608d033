import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { FakeCall } from '../test/fake-voice-sdk';
import { renderWithPhone, startFakePhone } from '../test/render-phone';
import { IncomingCallDialog, RingingIndicator } from './incoming-call-dialog';

const customer = {
  id: 'cust-1',
  firstName: 'Harper',
  lastName: 'Gomez',
  company: null,
  email: 'harper@example.com',
  phoneNumber: '+15550100123',
  internalNotes: null,
  points: 0,
  banned: false,
  reference: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function order(number: number, eventDate: string, status: string) {
  return {
    id: `order-${number}`,
    number,
    status,
    eventDate,
    totalCents: 10_000,
    paidCents: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    lines: [],
  };
}

async function ring(custom: Record<string, string>) {
  const started = await startFakePhone();
  renderWithPhone(<IncomingCallDialog />, started.phone, { inRouter: true });
  const call = new FakeCall(custom);
  act(() => started.device.ring(call));
  const dialog = await screen.findByRole('dialog', { name: 'Incoming Call' });
  return { ...started, call, dialog };
}

describe('Incoming Call dialog (spec §2, §4)', () => {
  it("shows 'From' and the customer's name followed by the formatted number, and their next order", async () => {
    stubServer({
      'GET /api/customers/cust-1': () => Response.json({ customer }),
      'GET /api/customers/cust-1/orders': () =>
        Response.json({
          orders: [
            order(1001, '2020-05-01', 'completed'),
            order(1003, '2099-07-04', 'confirmed'),
            order(1002, '2099-06-01', 'cancelled'),
          ],
        }),
    });
    const { dialog } = await ring({ From: '+15550100123', customerId: 'cust-1' });
    expect(within(dialog).getByRole('heading', { name: 'Incoming Call' })).toBeInTheDocument();
    expect(within(dialog).getByText('From')).toBeInTheDocument();
    expect(await within(dialog).findByText(/^Harper Gomez/)).toHaveTextContent(
      /^Harper Gomez \(555\) 010-0123$/,
    );
    // The next order opens its page (issue 17 item 10).
    const next = await within(dialog).findByRole('link', { name: 'Next order #1003' });
    expect(next.getAttribute('href')).toBe(`/orders/${order(1003, '2099-07-04', 'confirmed').id}`);
    expect(next.parentElement).toHaveTextContent(/confirmed/);
  });

  it('shows the formatted From number when the call carries no customerId', async () => {
    stubServer({});
    const { dialog } = await ring({ From: '+15550100999' });
    expect(within(dialog).getByTestId('incoming-caller')).toHaveTextContent(/^\(555\) 010-0999$/);
  });

  it('shows the formatted number when the customer is not found', async () => {
    stubServer({
      'GET /api/customers/gone': () =>
        Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      'GET /api/customers/gone/orders': () => Response.json({ orders: [] }),
    });
    const { dialog } = await ring({ From: '+15550100123', customerId: 'gone' });
    expect(within(dialog).getByTestId('incoming-caller')).toHaveTextContent(/^\(555\) 010-0123$/);
  });

  it('Accept answers the call and closes the dialog', async () => {
    stubServer({});
    const { call, phone } = await ring({ From: '+15550100999' });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(call.accept).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(phone.getSnapshot().active?.number).toBe('+15550100999');
  });

  it('Reject rejects the call', async () => {
    stubServer({});
    const { call } = await ring({ From: '+15550100999' });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(call.reject).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing the dialog ignores the call (it is not rejected); the header indicator brings it back while it rings', async () => {
    stubServer({});
    const started = await startFakePhone();
    renderWithPhone(
      <>
        <RingingIndicator />
        <IncomingCallDialog />
      </>,
      started.phone,
      { inRouter: true },
    );
    const call = new FakeCall({ From: '+15550100999' });
    act(() => started.device.ring(call));
    await screen.findByRole('dialog', { name: 'Incoming Call' });
    await userEvent.keyboard('{Escape}');
    expect(call.reject).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const indicator = screen.getByRole('button', {
      name: 'Incoming call from (555) 010-0999: show it',
    });
    await userEvent.click(indicator);
    expect(await screen.findByRole('dialog', { name: 'Incoming Call' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // Answered elsewhere: the indicator goes with the call.
    act(() => {
      call.emit('cancel');
    });
    expect(screen.queryByRole('button', { name: /Incoming call from/ })).not.toBeInTheDocument();
  });

  it('closes when the caller hangs up or someone else answers', async () => {
    stubServer({});
    const { call } = await ring({ From: '+15550100999' });
    act(() => {
      call.emit('cancel');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
