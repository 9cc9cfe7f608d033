import type { PhoneInfo } from '@tentpole/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboundCallProvider, useOutboundCall } from '@/app/providers/outbound-call-provider';
import { stubServer } from '@/test/fake-server';
import { renderWithPhone, startFakePhone } from '../test/render-phone';
import { OutboundCallDialog } from './outbound-call-dialog';

const withMobile: PhoneInfo = {
  enabled: true,
  messagingStatus: 'approved',
  mobileClickToCall: true,
  currentUserPhoneNumber: '+15550109001',
  businessNumber: '+15550001111',
};
const withoutMobile: PhoneInfo = { ...withMobile, currentUserPhoneNumber: null };

function Openers() {
  const { openOutboundCall } = useOutboundCall();
  return (
    <>
      <button type="button" onClick={() => openOutboundCall()}>
        Open
      </button>
      <button type="button" onClick={() => openOutboundCall('+15550100123')}>
        Open with number
      </button>
    </>
  );
}

function serve(info: PhoneInfo, callStatus = 201) {
  return stubServer({
    'GET /api/phone/': () => Response.json(info),
    'POST /api/phone/voice/call': () =>
      callStatus === 201
        ? Response.json({ callId: 'call-1' }, { status: 201 })
        : Response.json(
            { error: { code: 'bad_request', message: 'Forward to Mobile is not configured.' } },
            { status: 400 },
          ),
  });
}

async function openDialog(
  phone: Awaited<ReturnType<typeof startFakePhone>>['phone'] | null = null,
) {
  const user = userEvent.setup();
  const view = renderWithPhone(
    <OutboundCallProvider dialog={OutboundCallDialog}>
      <Openers />
    </OutboundCallProvider>,
    phone,
  );
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Outbound Call' });
  return { user, dialog, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Outbound Call dialog (spec §2, §5)', () => {
  it('reads as the spec says, with the browser chosen', async () => {
    serve(withMobile);
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Outbound Call' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('');
    expect(await within(dialog).findByRole('switch', { name: 'Forward To Mobile' })).toBeEnabled();
    expect(within(dialog).getByText('Call will be placed using your browser')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Call Using Browser' })).toBeInTheDocument();
  });

  it("switches to 'Call Using Cell' and its helper text with Forward To Mobile on", async () => {
    serve(withMobile);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('switch', { name: 'Forward To Mobile' }));
    expect(
      within(dialog).getByText('Call will be placed using your cell phone'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Call Using Cell' })).toBeInTheDocument();
  });

  it("disables Forward To Mobile with the tooltip 'Forward to Mobile is not configured.'", async () => {
    serve(withoutMobile);
    const { user, dialog } = await openDialog();
    const toggle = await within(dialog).findByRole('switch', { name: 'Forward To Mobile' });
    await vi.waitFor(() => expect(toggle).toBeDisabled());
    await user.hover(toggle.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Forward to Mobile is not configured.',
    );
  });

  it("says 'Phone number is required', then 'Invalid phone number', and clears it on a valid submit", async () => {
    serve(withMobile);
    const started = await startFakePhone();
    const { user, dialog } = await openDialog(started.phone);
    const call = within(dialog).getByRole('button', { name: 'Call Using Browser' });
    await user.click(call);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Phone number is required$/);
    await user.type(within(dialog).getByLabelText('Phone Number'), '0123');
    await user.click(call);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Invalid phone number$/);
    await user.clear(within(dialog).getByLabelText('Phone Number'));
    await user.type(within(dialog).getByLabelText('Phone Number'), '555 010 0123');
    await user.click(call);
    expect(started.device.connect).toHaveBeenCalledWith({ params: { To: '+15550100123' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resets when closed', async () => {
    serve(withMobile);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Call Using Browser' }));
    await user.type(within(dialog).getByLabelText('Phone Number'), '555');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog', { name: 'Outbound Call' });
    expect(within(reopened).getByLabelText('Phone Number')).toHaveValue('');
    expect(within(reopened).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens prefilled about 100 ms after a request with a number', async () => {
    serve(withMobile);
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderWithPhone(
      <OutboundCallProvider dialog={OutboundCallDialog}>
        <Openers />
      </OutboundCallProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Open with number' }).click());
    await act(() => vi.advanceTimersByTimeAsync(90));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('dialog', { name: 'Outbound Call' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(555) 010-0123');
  });

  it("asks the server to ring the user's cell with the normalised number and says so", async () => {
    const { requests } = serve(withMobile);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('switch', { name: 'Forward To Mobile' }));
    await user.type(within(dialog).getByLabelText('Phone Number'), '5550100123');
    await user.click(within(dialog).getByRole('button', { name: 'Call Using Cell' }));
    expect(await screen.findByText('Sending call request to your phone.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      phoneNumber: '+15550100123',
    });
  });

  it("reports and shows 'Failed to make outbound call' when the request fails", async () => {
    serve(withMobile, 400);
    const { user, dialog, errors } = await openDialog();
    await user.click(await within(dialog).findByRole('switch', { name: 'Forward To Mobile' }));
    await user.type(within(dialog).getByLabelText('Phone Number'), '5550100123');
    await user.click(within(dialog).getByRole('button', { name: 'Call Using Cell' }));
    expect(await screen.findByText('Failed to make outbound call')).toBeInTheDocument();
    expect(errors.captureException).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Failed to make outbound call' }),
      { status: 400 },
    );
    expect(screen.getByRole('dialog', { name: 'Outbound Call' })).toBeInTheDocument();
  });
});

describe('Outbound Call dialog: a customer by name (issue 15)', () => {
  it('finds a customer by name and fills their number', async () => {
    stubServer({
      'GET /api/phone/': () => Response.json(withMobile),
      'GET /api/customers': ({ search }) =>
        Response.json({
          customers:
            search.get('search') === 'Rosa'
              ? [
                  {
                    id: 'c1',
                    firstName: 'Rosa',
                    lastName: 'Díaz 🎈',
                    email: 'rosa@example.com',
                    company: null,
                    phoneNumber: '+15550100777',
                    points: 0,
                    banned: false,
                    reference: null,
                    lastOrder: null,
                  },
                ]
              : [],
          total: 1,
          page: 1,
          pageSize: 6,
        }),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Find a customer'), 'Rosa');
    await user.click(
      await within(dialog).findByRole('button', { name: /Rosa Díaz 🎈 \(555\) 010-0777/ }),
    );
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('(555) 010-0777');
  });
});
