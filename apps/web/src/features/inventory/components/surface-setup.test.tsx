import type { SurfaceRule } from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  castle,
  ids,
  inventoryServer,
  PAGE_LOAD,
  surfaces,
} from '../test/inventory-fixtures';

const grassRule: SurfaceRule = {
  surfaceId: ids.grass,
  allowed: 'yes',
  components: [{ productId: ids.stakes, quantity: 1, per: 'anchor' }],
  fee: null,
  crewNotes: 'Stake every anchor point',
};

function surfaceServer(roles?: string[]) {
  return inventoryServer(
    {
      'GET /api/surfaces/rules': () =>
        Response.json({
          surfaces,
          products: [
            { id: ids.castle, name: castle.name, anchorPoints: 6, rules: [grassRule] },
            { id: ids.blower, name: 'Blower', anchorPoints: 0, rules: [] },
          ],
        }),
      [`PUT /api/products/${ids.castle}/surfaces`]: ({ json }) => Response.json({ rules: json }),
      'POST /api/surfaces': ({ json }) =>
        Response.json(
          { surface: { id: 'new', position: 2, ...(json as object) } },
          { status: 201 },
        ),
    },
    roles,
  );
}

describe('setup surfaces (back-office spec §3)', APP_TEST, () => {
  it('lists the surface catalogue and the grid of rules, each cell a select', async () => {
    surfaceServer();
    renderApp('/surface');

    const catalogue = await screen.findByRole('region', { name: 'Surfaces' }, PAGE_LOAD);
    expect(catalogue).toHaveTextContent('Grass');
    expect(catalogue).toHaveTextContent('Staff only');
    expect(screen.getByRole('combobox', { name: `${castle.name} on Grass` })).toHaveValue('yes');
    expect(screen.getByRole('combobox', { name: `${castle.name} on Concrete` })).toHaveValue('');
    expect(screen.getByText('1 item · notes')).toBeInTheDocument();
  });

  it("saves a product's row as its whole rule list, the untouched rules included", async () => {
    const { requests } = surfaceServer();
    renderApp('/surface');
    const user = userEvent.setup();

    const save = await screen.findByRole('button', { name: `Save ${castle.name}` }, PAGE_LOAD);
    expect(save).toBeDisabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: `${castle.name} on Concrete` }),
      'Needs approval',
    );
    expect(screen.getByText('Not saved')).toBeInTheDocument();
    await user.click(save);

    await waitFor(() => expect(screen.queryByText('Not saved')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PUT')?.json).toEqual([
      grassRule,
      { surfaceId: ids.concrete, allowed: 'approval', components: [], fee: null, crewNotes: null },
    ]);
    expect(save).toBeDisabled();
  });

  it("adds a fee per unit in a cell's editor, saved with the row", async () => {
    const { requests } = surfaceServer();
    renderApp('/surface');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole(
        'button',
        {
          name: `Items, fee and notes for ${castle.name} on Grass`,
        },
        PAGE_LOAD,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Setup on Grass' });
    expect(within(dialog).getByLabelText(/^Notes for the crew/)).toHaveValue(
      'Stake every anchor point',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Charge a fee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('Enter an amount')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Fee'), '25');
    await user.selectOptions(within(dialog).getByLabelText('Charged'), 'Per unit');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('1 item · $25 / unit · notes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Save ${castle.name}` }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.json).toEqual([
        { ...grassRule, fee: { amount: 2_500, per: 'unit', taxable: true } },
      ]),
    );
  });

  it('adds a surface to the catalogue', async () => {
    const { requests } = surfaceServer();
    renderApp('/surface');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add surface' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New surface' });
    await user.type(within(dialog).getByLabelText('Name'), 'Artificial turf');
    await user.click(within(dialog).getByRole('button', { name: 'Create surface' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
        name: 'Artificial turf',
        description: null,
        customerVisible: true,
      }),
    );
  });

  it('shows the rules read-only to someone who may only read products', async () => {
    surfaceServer(['tentpole:product.read']);
    renderApp('/surface');

    expect(
      await screen.findByRole('combobox', { name: `${castle.name} on Grass` }, PAGE_LOAD),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add surface' })).not.toBeInTheDocument();
  });
});
