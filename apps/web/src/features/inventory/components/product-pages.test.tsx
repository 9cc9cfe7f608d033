import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  castle,
  ids,
  inventoryServer,
  june,
  PAGE_LOAD,
} from '../test/inventory-fixtures';

const base = `/api/products/${ids.castle}`;
const detailRoutes = {
  [`GET ${base}`]: () => Response.json({ product: castle }),
  [`GET ${base}/availability`]: () => Response.json(june),
  [`GET ${base}/downtimes`]: () => Response.json({ downtimes: [] }),
};

describe('creating and editing a product', APP_TEST, () => {
  it('creates a product and opens its page', async () => {
    const { requests } = inventoryServer({
      ...detailRoutes,
      'POST /api/products': () => Response.json({ product: castle }, { status: 201 }),
    });
    const { router } = renderApp('/products/new');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name', {}, PAGE_LOAD), 'Royal Castle');
    await user.type(screen.getByLabelText('Tier 1: price'), '150');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${ids.castle}`));
    expect(requests.find((r) => r.method === 'POST')?.json).toMatchObject({
      name: 'Royal Castle',
      pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }], extraDayAmount: null },
    });
  });

  it('asks before leaving the form with unsaved changes', async () => {
    inventoryServer();
    const { router } = renderApp('/products/new');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name', {}, PAGE_LOAD), 'Half-typed');
    // The breadcrumb back to the list.
    await user.click(screen.getByRole('link', { name: 'Products' }));

    expect(
      await screen.findByRole('dialog', { name: 'Leave without saving?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Half-typed');
    expect(router.state.location.pathname).toBe('/products/new');
  });

  it('saves only the changed fields and goes back to the product', async () => {
    const { requests } = inventoryServer({
      ...detailRoutes,
      [`PATCH ${base}`]: ({ json }) =>
        Response.json({ product: { ...castle, ...(json as object) } }),
    });
    const { router } = renderApp(`/products/${ids.castle}/edit`);
    const user = userEvent.setup();

    const quantity = await screen.findByLabelText('Anchor points', {}, PAGE_LOAD);
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${ids.castle}`));
    expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({ anchorPoints: 8 });
  });

  it('archives a product and offers Restore after', async () => {
    const { requests } = inventoryServer({
      ...detailRoutes,
      [`PATCH ${base}`]: ({ json }) =>
        Response.json({ product: { ...castle, ...(json as object) } }),
    });
    renderApp(`/products/${ids.castle}/edit`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Archive' }, PAGE_LOAD));

    expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({ status: 'archived' });
  });
});
