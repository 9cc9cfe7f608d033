import type { ProductInput } from '@tentpole/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderInRouter } from '@/test/render-in-router';
import type { ParsedProductInput } from '../lib/product-form-values';
import { APP_TEST, castle, ids, inventoryServer } from '../test/inventory-fixtures';
import { ProductForm } from './product-form';

function renderForm(product?: typeof castle) {
  inventoryServer();
  const onSubmit = vi.fn<
    (input: ParsedProductInput, changed: (keyof ProductInput)[]) => Promise<unknown>
  >(async () => undefined);
  renderInRouter(
    <ProductForm product={product} submitLabel="Save" onSubmit={onSubmit} onCancel={() => {}} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('product form (back-office spec §3, §5.2)', APP_TEST, () => {
  it("asks for a name and the first tier's price before saving anything", async () => {
    const { onSubmit, user } = renderForm();

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tier 1: price')).toHaveAccessibleDescription('Enter an amount');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves daily tiers and the extra day in cents, with the defaults of a new bounce house', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('Name'), 'Water Slide');
    await user.selectOptions(screen.getByLabelText(/^Category/), ids.castles);
    await user.type(screen.getByLabelText('Tier 1: price'), '150');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(screen.getByLabelText('Tier 2: up to (hours)')).toHaveValue(48);
    await user.type(screen.getByLabelText('Tier 2: price'), '225.50');
    await user.type(screen.getByLabelText(/^Each extra day/), '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Water Slide',
      categoryId: ids.castles,
      type: 'rental',
      tracking: 'bulk',
      quantity: 1,
      pricing: {
        mode: 'daily',
        tiers: [
          { hours: 24, amount: 15_000 },
          { hours: 48, amount: 22_550 },
        ],
        extraDayAmount: 5_000,
      },
      securityDeposit: 0,
      dimensions: null,
      components: [],
      accessories: [],
    });
  });

  it('refuses tiers that do not get longer', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('Name'), 'Tent');
    await user.type(screen.getByLabelText('Tier 1: price'), '100');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    await user.clear(screen.getByLabelText('Tier 2: up to (hours)'));
    await user.type(screen.getByLabelText('Tier 2: up to (hours)'), '12');
    await user.type(screen.getByLabelText('Tier 2: price'), '80');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tiers must get longer one after another')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('prices by the hour or flat when that mode is chosen', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('Name'), 'Attendant');
    await user.selectOptions(screen.getByLabelText('Pricing'), 'By the hour');
    await user.clear(screen.getByLabelText('Minimum hours'));
    await user.type(screen.getByLabelText('Minimum hours'), '2');
    await user.type(screen.getByLabelText('Price for the minimum'), '80');
    await user.type(screen.getByLabelText('Each extra hour'), '35');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0].pricing).toEqual({
      mode: 'hourly',
      minimumHours: 2,
      minimumAmount: 8_000,
      extraHourAmount: 3_500,
    });
  });

  it('adds bundle components and accessories picked from the products', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(await screen.findByLabelText('Name'), 'Party Pack');
    await user.selectOptions(screen.getByLabelText('Pricing'), 'Flat, per order line');
    await user.type(screen.getByLabelText('Flat price'), '300');
    await user.click(screen.getByRole('button', { name: 'Add component' }));
    await screen.findByRole('option', { name: 'Stakes' });
    await user.selectOptions(screen.getByLabelText('Component 1'), 'Stakes');
    await user.clear(screen.getByLabelText('Component 1 quantity'));
    await user.type(screen.getByLabelText('Component 1 quantity'), '8');
    await user.click(screen.getByRole('button', { name: 'Add accessory' }));
    await user.selectOptions(screen.getByLabelText('Accessory 1'), 'Blower');
    await user.selectOptions(screen.getByLabelText('Accessory 1 needed'), 'Suggested');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      pricing: { mode: 'flat', amount: 30_000 },
      components: [{ productId: ids.stakes, quantity: 8 }],
      accessories: [{ productId: ids.blower, quantity: 1, required: false }],
    });
  });

  it('names only the fields changed, for a PATCH, and leaves the product out of its own pickers', async () => {
    const { onSubmit, user } = renderForm(castle);

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue(castle.name);
    expect(screen.getByLabelText('Tier 2: price')).toHaveValue('$225.00');
    await user.clear(name);
    await user.type(name, 'Royal Castle');
    await user.click(screen.getByRole('button', { name: 'Add accessory' }));
    expect(await screen.findAllByRole('option', { name: 'Stakes' })).toHaveLength(2);
    expect(screen.queryByRole('option', { name: castle.name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove accessory 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove accessory 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[1].sort()).toEqual(['accessories', 'name']);
    expect(onSubmit.mock.calls[0]?.[0].accessories).toEqual([]);
  });

  it('keeps the saved category and accessory while the lists they come from still load', async () => {
    const { onSubmit, user } = renderForm(castle);

    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      categoryId: ids.castles,
      accessories: [{ productId: ids.blower, quantity: 1, required: true }],
    });
    expect(screen.getByLabelText(/^Category/)).toHaveValue(ids.castles);
    expect(screen.getByLabelText('Accessory 1')).toHaveValue(ids.blower);
  });

  it("shows the server's field errors on the fields they name, pricing included", async () => {
    const { onSubmit, user } = renderForm(castle);
    onSubmit.mockRejectedValueOnce(
      new ApiError(400, {
        error: {
          code: 'validation_failed',
          message: 'Check the highlighted fields.',
          fields: {
            name: ['Another product has this name'],
            'pricing.tiers.1.amount': ['Amount is too large'],
          },
        },
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Another product has this name')).toBeInTheDocument();
    expect(screen.getByLabelText('Tier 2: price')).toHaveAccessibleDescription(
      'Amount is too large',
    );
  });
});
