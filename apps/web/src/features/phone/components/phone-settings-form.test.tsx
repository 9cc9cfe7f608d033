import type { PhoneSettings } from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { usePhoneInfo } from '../api/get-phone-info';
import { usePhoneSettings } from '../api/get-phone-settings';
import { renderWithPhone } from '../test/render-phone';
import { PhoneSettingsForm } from './phone-settings-form';

const saved: PhoneSettings = {
  voicemailText: 'Thanks for calling Bounce Kingdom!',
  showCallerId: true,
  forwardIncomingCallsToMobile: false,
  forwardIncomingCallsTo: ['+15550109001'],
  forwardIncomingMessagesToMobile: false,
  forwardIncomingMessagesTo: [],
  mobileClickToCall: true,
  forwardIncomingMessagesToSlack: false,
  slackWebhookUrl: undefined,
  slackChannelName: undefined,
};

const phoneInfo = {
  enabled: true,
  messagingStatus: 'approved',
  mobileClickToCall: true,
  currentUserPhoneNumber: null,
};

function serve(save: (json: unknown) => Response) {
  return stubServer({
    'POST /api/phone/settings/save': (request) => save(request.json),
    'GET /api/phone/settings': () => Response.json(saved),
    'GET /api/phone/': () => Response.json(phoneInfo),
  });
}

function form() {
  return screen.getByRole('form', { name: 'Phone settings' });
}

/** Another screen showing the settings and phone info, as the shell and the page do. */
function SettingsReaders() {
  usePhoneSettings();
  usePhoneInfo();
  return null;
}

const count = (requests: { method: string; path: string }[], what: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === what).length;

describe('PhoneSettingsForm (spec §3, §5)', () => {
  it('shows every spec §5 message to the letter and sends nothing', async () => {
    const user = userEvent.setup();
    const server = serve(() => Response.json(saved));
    renderWithPhone(<PhoneSettingsForm settings={saved} canEdit />);

    await user.clear(screen.getByLabelText('Voicemail text'));
    const calls = screen.getByRole('group', { name: 'Forward calls to' });
    await user.click(within(calls).getByRole('button', { name: 'Add number' }));
    await user.click(within(calls).getByRole('button', { name: 'Add number' }));
    await user.type(within(calls).getByLabelText('Forward calls to 3'), '555-CALL');
    const texts = screen.getByRole('group', { name: 'Forward texts to' });
    await user.click(within(texts).getByRole('button', { name: 'Add number' }));
    await user.type(within(texts).getByLabelText('Forward texts to 1'), '555.010.0123');
    expect(screen.queryByLabelText('Slack webhook URL')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Post texts to Slack' }));
    await user.type(screen.getByLabelText('Slack webhook URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Voice mail text is required')).toBeInTheDocument();
    expect(within(calls).getByText('You must enter a phone number')).toBeInTheDocument();
    expect(
      within(calls).getByText('Forwarding number must be a valid phone number'),
    ).toBeInTheDocument();
    expect(
      within(texts).getByText('Forwarding number must be a valid phone number'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invalid webhook URL')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("saves, toasts 'Settings saved' and refreshes the settings and phone info (spec §4)", async () => {
    const user = userEvent.setup();
    const server = serve((json) => Response.json(json));
    renderWithPhone(
      <>
        <SettingsReaders />
        <PhoneSettingsForm settings={saved} canEdit />
      </>,
    );
    await waitFor(() => expect(count(server.requests, 'GET /api/phone/')).toBe(1));

    const calls = screen.getByRole('group', { name: 'Forward calls to' });
    await user.click(within(calls).getByRole('button', { name: 'Add number' }));
    await user.type(within(calls).getByLabelText('Forward calls to 2'), '(555) 010-9002');
    await user.click(within(calls).getByRole('button', { name: 'Remove (555) 010-9001' }));
    await user.click(screen.getByRole('switch', { name: 'Show caller ID' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.json).toMatchObject({
      voicemailText: 'Thanks for calling Bounce Kingdom!',
      showCallerId: false,
      forwardIncomingCallsTo: ['(555) 010-9002'],
      forwardIncomingMessagesTo: [],
      mobileClickToCall: true,
    });
    await waitFor(() => {
      expect(count(server.requests, 'GET /api/phone/settings')).toBe(2);
      expect(count(server.requests, 'GET /api/phone/')).toBe(2);
    });
  });

  it("toasts 'Failed to save settings' and puts the server's field errors on their rows", async () => {
    const user = userEvent.setup();
    serve(() =>
      Response.json(
        {
          error: {
            code: 'bad_request',
            message: 'Invalid input',
            fields: {
              'forwardIncomingCallsTo.0': ['Forwarding number must be a valid phone number'],
            },
          },
        },
        { status: 400 },
      ),
    );
    renderWithPhone(<PhoneSettingsForm settings={saved} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    const calls = screen.getByRole('group', { name: 'Forward calls to' });
    expect(
      within(calls).getByText('Forwarding number must be a valid phone number'),
    ).toBeInTheDocument();
  });

  it("toasts 'Failed to save settings' when the server fails", async () => {
    const user = userEvent.setup();
    serve(() => new Response('oops', { status: 502 }));
    renderWithPhone(<PhoneSettingsForm settings={saved} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Failed to save settings', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('starts empty when the settings were never saved (404 → null)', () => {
    renderWithPhone(<PhoneSettingsForm settings={null} canEdit />);
    expect(screen.getByLabelText('Voicemail text')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Mobile click-to-call' })).not.toBeChecked();
    expect(screen.getByText(/have not been saved yet/)).toBeInTheDocument();
  });

  it('is read-only without account.write', () => {
    renderWithPhone(<PhoneSettingsForm settings={saved} canEdit={false} />);
    expect(screen.getByLabelText('Voicemail text')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Show caller ID' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add number' })).not.toBeInTheDocument();
    expect(form()).toHaveTextContent('changing them needs permission to manage the account');
  });
});
