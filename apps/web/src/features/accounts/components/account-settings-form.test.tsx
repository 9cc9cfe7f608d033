import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  accountSettings,
  accountSettingsServer,
  PAGE_LOAD,
} from '../test/account-settings-fixtures';

async function settingsForm() {
  return screen.findByRole('form', { name: 'Account settings' }, PAGE_LOAD);
}

async function replace(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  if (text) await user.type(box, text);
}

describe('account settings (back-office spec §2)', APP_TEST, () => {
  it('shows the saved settings with percentages as percent and money in dollars', async () => {
    accountSettingsServer();
    renderApp('/account');
    const form = await settingsForm();
    expect(within(form).getByLabelText(/^Business name/)).toHaveValue('Bounce Kingdom');
    expect(within(form).getByLabelText(/^E-mail/)).toHaveValue('hello@bouncekingdom.example');
    expect(within(form).getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(within(form).getByLabelText('Currency')).toHaveValue('USD');
    expect(within(form).getByLabelText('Tax rate (%)')).toHaveValue('8.25');
    expect(within(form).getByLabelText('Tax delivery fees')).not.toBeChecked();
    expect(within(form).getByLabelText('Tax surface fees')).toBeChecked();
    expect(
      within(form).getByRole('radio', { name: 'A percent of the order total, with a minimum' }),
    ).toBeChecked();
    expect(within(form).getByLabelText('Deposit (%)')).toHaveValue('25');
    expect(within(form).getByLabelText(/^Minimum deposit/)).toHaveValue('$50.00');
    expect(within(form).getByLabelText('Damage waiver (%)')).toHaveValue('10');
    expect(within(form).getByLabelText('Invoice due in (days)')).toHaveValue('7');
    expect(within(form).getByLabelText(/^Number prefix/)).toHaveValue('INV-');
    expect(
      screen.getByText(
        'Changes apply to new bookings; orders already booked keep the terms they were booked with.',
      ),
    ).toBeInTheDocument();
  });

  it('saves the whole settings with the tax rate in basis points and a fixed deposit in cents', async () => {
    const { requests } = accountSettingsServer({
      'PUT /api/account/settings': ({ json }) => Response.json(json),
    });
    const user = userEvent.setup();
    renderApp('/account');
    const form = await settingsForm();

    await replace(user, within(form).getByLabelText('Tax rate (%)'), '7.5');
    await user.click(within(form).getByLabelText('Tax delivery fees'));
    await user.click(within(form).getByRole('radio', { name: 'A fixed amount' }));
    await user.type(within(form).getByLabelText('Deposit amount'), '100');
    await replace(user, within(form).getByLabelText('Damage waiver (%)'), '12.5');
    await replace(user, within(form).getByLabelText('Invoice due in (days)'), '14');
    await replace(user, within(form).getByLabelText(/^Number prefix/), 'BK-');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
      ...accountSettings,
      orders: {
        ...accountSettings.orders,
        taxRateBps: 750,
        taxDeliveryFees: true,
        damageWaiver: { mode: 'optional', percentBps: 1_250 },
        deposit: { mode: 'fixed', amount: 10_000 },
      },
      documents: { ...accountSettings.documents, invoiceDueDays: 14, numberPrefix: 'BK-' },
    });
    // The form shows what the server kept.
    expect(within(form).getByLabelText('Tax rate (%)')).toHaveValue('7.5');
    expect(within(form).getByLabelText('Deposit amount')).toHaveValue('$100.00');
  });

  it('offers the common locales by name, keeps one set another way, and saves the choice', async () => {
    const { requests } = accountSettingsServer({
      'GET /api/account/settings': () => Response.json({ ...accountSettings, locale: 'sv-SE' }),
      'PUT /api/account/settings': ({ json }) => Response.json(json),
    });
    const user = userEvent.setup();
    renderApp('/account');
    const form = await settingsForm();
    const locale = within(form).getByLabelText('Language and region');
    expect(locale).toHaveValue('sv-SE');
    expect(within(locale).getByRole('option', { name: 'Swedish (Sweden) (sv-SE)' })).toBeVisible();
    expect(within(locale).getAllByRole('option')[0]).toHaveTextContent(
      'English (United States) (en-US)',
    );

    await user.selectOptions(locale, 'German (Germany) (de-DE)');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.json).toMatchObject({ locale: 'de-DE' });
  });

  it('stops a bad tax rate and days before saving, with the schema’s messages', async () => {
    const { requests } = accountSettingsServer();
    const user = userEvent.setup();
    renderApp('/account');
    const form = await settingsForm();

    await replace(user, within(form).getByLabelText('Tax rate (%)'), '120');
    await replace(user, within(form).getByLabelText('Invoice due in (days)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const rate = within(form).getByLabelText('Tax rate (%)');
    expect(
      await within(form).findByText('A tax rate cannot be more than 100 %'),
    ).toBeInTheDocument();
    expect(rate).toHaveAccessibleDescription('A tax rate cannot be more than 100 %');
    expect(within(form).getByLabelText('Invoice due in (days)')).toHaveAccessibleDescription(
      'Enter whole days',
    );
    await waitFor(() => expect(rate).toHaveFocus());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field errors on their fields and focuses the first', async () => {
    accountSettingsServer({
      'PUT /api/account/settings': () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are not valid',
              fields: {
                'documents.numberPrefix': ['That prefix is taken'],
                'orders.taxRateBps': ['Too high for Texas'],
                'business.email': ['Enter a valid e-mail address'],
              },
            },
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/account');
    const form = await settingsForm();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const email = within(form).getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid e-mail address'));
    expect(within(form).getByLabelText('Tax rate (%)')).toHaveAccessibleDescription(
      'Too high for Texas',
    );
    expect(within(form).getByLabelText(/^Number prefix/)).toHaveAccessibleDescription(
      'That prefix is taken',
    );
    await waitFor(() => expect(email).toHaveFocus());
  });

  it('shows the settings read-only, with no Save button, without account.write', async () => {
    accountSettingsServer({}, ['tentpole:account.read']);
    renderApp('/account');
    const form = await settingsForm();
    expect(within(form).getByLabelText(/^Business name/)).toBeDisabled();
    expect(within(form).getByLabelText('Tax rate (%)')).toBeDisabled();
    expect(within(form).getByLabelText('Tax surface fees')).toBeDisabled();
    expect(within(form).getByLabelText(/^Terms/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'You can see these settings; changing them needs permission to manage the account.',
      ),
    ).toBeInTheDocument();
  });

  it('uploads a logo at once, shows it in the switcher, and shows the server’s refusal', async () => {
    let served = 0;
    const { requests } = accountSettingsServer({
      'POST /api/account/logo': () => {
        served += 1;
        return served === 1
          ? Response.json({ logo: '/api/account-logos/logo-1' })
          : Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Some fields are not valid.',
                  fields: { file: ['This file is not an image we can read'] },
                },
              },
              { status: 400 },
            );
      },
      'DELETE /api/account/logo': () => Response.json({ logo: null }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/account');
    const form = await settingsForm();
    const logo = within(form).getByRole('group', { name: 'Logo' });
    expect(within(logo).getByText('No logo')).toBeInTheDocument();
    expect(within(logo).queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    const input = within(logo).getByLabelText('Upload logo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    // Refused here, before it is sent: an SVG can carry script.
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('logo.svg is not a JPEG, PNG or WebP image.')).toBeVisible();
    expect(requests.some((r) => r.path === '/api/account/logo')).toBe(false);

    const png = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(input, png);
    const preview = await within(logo).findByRole('img', { name: 'Current logo' });
    expect(preview).toHaveAttribute('src', '/api/account-logos/logo-1');
    expect(requests.find((r) => r.method === 'POST')?.formData?.get('file')).toBe(png);
    // The account switcher shows it too, without a reload.
    const switcher = screen.getByRole('button', { name: 'Switch account' });
    expect(switcher.querySelector('img')).toHaveAttribute('src', '/api/account-logos/logo-1');
    // Saved apart from the form: nothing to save, nothing sent with the settings.
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.upload(input, new File(['nope'], 'broken.png', { type: 'image/png' }));
    expect(await within(logo).findByRole('alert')).toHaveTextContent(
      'This file is not an image we can read',
    );
    expect(logo).toHaveAccessibleDescription(/This file is not an image we can read/);

    await user.click(within(logo).getByRole('button', { name: 'Remove logo' }));
    expect(await within(logo).findByText('No logo')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/account/logo')).toBe(
      true,
    );
    expect(switcher.querySelector('img')).toBeNull();
  });

  it('shows the logo without Upload or Remove to a member who may only read', async () => {
    accountSettingsServer(
      {
        'GET /api/account/teams': () =>
          Response.json({
            organizations: {
              member: [
                {
                  id: 'acct-2',
                  name: 'Bounce Bros Rentals',
                  logo: '/api/account-logos/x',
                  plan: 'pro',
                },
              ],
            },
          }),
      },
      ['tentpole:account.read'],
    );
    renderApp('/account');
    const logo = within(await settingsForm()).getByRole('group', { name: 'Logo' });
    expect(await within(logo).findByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      '/api/account-logos/x',
    );
    expect(within(logo).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    accountSettingsServer({
      'GET /api/account/settings': () =>
        Response.json({ error: { code: 'internal', message: 'Down' } }, { status: 500 }),
    });
    renderApp('/account');
    expect(
      await screen.findByText('The account settings could not be loaded.', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
