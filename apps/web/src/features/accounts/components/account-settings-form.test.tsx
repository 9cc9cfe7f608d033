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
