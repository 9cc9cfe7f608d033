import type { Customer, CustomerInput } from '@tentpole/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '@/test/render-in-router';
import { CustomerSaveError } from '../api/send-customer';
import { CustomerForm } from './customer-form';

const saved: Customer = {
  id: 'cust-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: null,
  email: 'ada@example.com',
  phoneNumber: '+15550100123',
  internalNotes: null,
  points: 10,
  banned: false,
  reference: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(customer?: Customer) {
  const onSubmit = vi.fn<(values: CustomerInput, changed: string[]) => Promise<unknown>>(
    async () => undefined,
  );
  renderInRouter(<CustomerForm customer={customer} submitLabel="Save" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('customer form (spec §5)', () => {
  it("shows 'First Name is a required field', 'Last Name is a required field' and 'Email is a required field' on an empty form, and saves nothing", async () => {
    const { onSubmit, user } = renderForm();

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('First Name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Last Name is a required field')).toBeInTheDocument();
    expect(screen.getByText('Email is a required field')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription(
      'First Name is a required field',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("treats a name of only spaces as missing: 'Last Name is a required field'", async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Last Name is a required field')).toBeInTheDocument();
    expect(screen.queryByText('First Name is a required field')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['555-CALL', '1234567890123456'])(
    "rejects the phone number '%s' with 'Invalid phone number'",
    async (phoneNumber) => {
      const { onSubmit, user } = renderForm(saved);

      const phone = await screen.findByLabelText(/^Phone Number/);
      await user.clear(phone);
      await user.type(phone, phoneNumber);
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('clears a message once the field is corrected', async () => {
    const { user } = renderForm();

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is a required field')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Ada');

    await waitFor(() =>
      expect(screen.queryByText('First Name is a required field')).not.toBeInTheDocument(),
    );
  });

  it('saves the values as the domain schema parses them: trimmed, phone normalised, defaults filled', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('First Name'), ' Ada ');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone Number/), '(555) 010-0199');
    await user.clear(screen.getByLabelText('Points'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+15550100199',
      company: null,
      reference: null,
      internalNotes: null,
      points: 0,
      banned: false,
    });
  });

  it('names only the fields the user changed, for a PATCH', async () => {
    const { onSubmit, user } = renderForm(saved);

    expect(await screen.findByLabelText(/^Phone Number/)).toHaveValue('(555) 010-0123');
    await user.type(screen.getByLabelText(/^Company/), 'Analytical Engines');
    await user.click(screen.getByLabelText(/Banned/));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[1].sort()).toEqual(['banned', 'company']);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      company: 'Analytical Engines',
      banned: true,
      phoneNumber: '+15550100123',
    });
  });

  it("shows the server's conflict on its field, with a link to the customer who has the e-mail", async () => {
    const { onSubmit, user } = renderForm(saved);
    const message = 'Zelda Quintero already has this e-mail address.';
    onSubmit.mockRejectedValueOnce(
      new CustomerSaveError(
        409,
        { error: { code: 'conflict', message, fields: { email: [message] } } },
        { id: 'cust-zelda', name: 'Zelda Quintero' },
      ),
    );

    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'zelda@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Open Zelda Quintero' })).toHaveAttribute(
      'href',
      '/customers/cust-zelda',
    );
  });

  it('saves a number another customer has only when the user says they share it (decision 0062)', async () => {
    const { onSubmit, user } = renderForm(saved);
    const message = 'Pat Lee already has this phone number.';
    onSubmit.mockRejectedValueOnce(
      new CustomerSaveError(
        409,
        { error: { code: 'conflict', message, fields: { phoneNumber: [message] } } },
        { id: 'cust-pat', name: 'Pat Lee' },
      ),
    );
    const phone = await screen.findByLabelText(/Phone Number/);
    await user.clear(phone);
    await user.type(phone, '(555) 014-8001');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message, { exact: false })).toBeInTheDocument();
    expect(onSubmit).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), {
      sharePhoneNumber: false,
    });
    await user.click(screen.getByRole('button', { name: 'They share this number: save anyway' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ phoneNumber: '+15550148001' }),
      expect.arrayContaining(['phoneNumber']),
      { sharePhoneNumber: true },
    );
  });

  it('says so when the save fails for another reason', async () => {
    const { onSubmit, user } = renderForm(saved);
    onSubmit.mockRejectedValueOnce(new CustomerSaveError(500, null, null));

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The customer could not be saved. Please try again.',
    );
  });
});
