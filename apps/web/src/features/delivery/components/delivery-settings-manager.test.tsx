import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  deliveryServer,
  depotId,
  depots,
  PAGE_LOAD,
  settings,
} from '../test/delivery-fixtures';

const PATH = '/orders/driver/settings';
const READ_ONLY = ['tentpole:delivery.read'];

async function feesForm() {
  return screen.findByRole('form', { name: 'Delivery fees' }, PAGE_LOAD);
}

describe('delivery settings (back-office spec §7.1)', APP_TEST, () => {
  it('shows the methods, tiers, ZIP list, surcharges and depots as saved', async () => {
    deliveryServer();
    renderApp(PATH);
    const form = await feesForm();
    expect(within(form).getByRole('switch', { name: 'Offer delivery and setup' })).toBeChecked();
    expect(within(form).getByLabelText('Tier 1 up to (miles)')).toHaveValue('10');
    expect(within(form).getByLabelText('Tier 2 fee')).toHaveValue('$60.00');
    expect(within(form).getByLabelText(/Service radius/)).toHaveValue('40');
    expect(within(form).getByLabelText('ZIP codes and fees')).toHaveValue(
      '78701 50.00\n02134 not served',
    );
    expect(within(form).getByText('2 ZIP codes, 1 not served.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Surcharge 1 hours')).toHaveValue('2');
    const list = await screen.findByRole('list', { name: 'Depots' });
    expect(list).toHaveTextContent('Austin warehouse');
    expect(list).toHaveTextContent('4700 Burleson Rd, Austin, TX 78744');
  });

  it('saves a changed tier, a new tier and a pasted ZIP list, in cents and miles', async () => {
    const { requests } = deliveryServer({
      'PUT /api/delivery/settings': ({ json }) => Response.json({ settings: json }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await feesForm();

    const fee = within(form).getByLabelText('Tier 1 fee');
    await user.clear(fee);
    await user.type(fee, '45');
    await user.click(within(form).getByRole('button', { name: 'Add tier' }));
    await user.type(within(form).getByLabelText('Tier 3 fee'), '75.50');
    const zips = within(form).getByLabelText('ZIP codes and fees');
    await user.clear(zips);
    await user.type(zips, '2134 15{enter}78653 not served');
    expect(
      within(form).getByText(/Leading zeros given back: 2134 read as 02134/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));

    expect(await screen.findByText('Delivery settings saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
      ...settings,
      tiers: [
        { upToMiles: 10, fee: 4_500 },
        { upToMiles: 20, fee: 6_000 },
        { upToMiles: 30, fee: 7_550 },
      ],
      zipOverrides: [
        { postalCode: '02134', fee: 1_500 },
        { postalCode: '78653', fee: null },
      ],
    });
  });

  it('stops tiers out of order and an unreadable ZIP line before saving', async () => {
    const { requests } = deliveryServer();
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await feesForm();
    const second = within(form).getByLabelText('Tier 2 up to (miles)');
    await user.clear(second);
    await user.type(second, '5');
    const zips = within(form).getByLabelText('ZIP codes and fees');
    await user.clear(zips);
    await user.type(zips, 'Austin 25');
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));

    expect(
      await within(form).findByText('Each tier must reach further than the one before'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Line 1 (Austin 25): Austin is not a ZIP code'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('adds a depot with its address and an optional pin', async () => {
    const { requests } = deliveryServer({
      'POST /api/delivery/depots': ({ json }) =>
        Response.json(
          {
            ...depots[0],
            ...(json as object),
            id: 'new',
            lat: 30.5,
            lng: -97.6,
            locatedBy: 'zip_centroid',
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Add depot' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New depot' });
    await user.type(within(dialog).getByLabelText('Name'), 'Round Rock yard');
    await user.type(within(dialog).getByLabelText('Street address'), '1 Main St');
    await user.type(within(dialog).getByLabelText('City'), 'Round Rock');
    await user.type(within(dialog).getByLabelText('State'), 'TX');
    await user.type(within(dialog).getByLabelText('ZIP code'), '78664');
    await user.click(within(dialog).getByRole('button', { name: 'Add depot' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      name: 'Round Rock yard',
      address: { line1: '1 Main St', city: 'Round Rock', region: 'TX', postalCode: '78664' },
      lat: null,
      lng: null,
    });
  });

  it('shows the server’s reason when a depot cannot be placed', async () => {
    deliveryServer({
      'POST /api/delivery/depots': () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are not valid.',
              fields: { lat: ['This address could not be placed on the map'] },
            },
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Add depot' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New depot' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nowhere');
    await user.type(within(dialog).getByLabelText('Street address'), '1 Main St');
    await user.type(within(dialog).getByLabelText('City'), 'Nowhere');
    await user.type(within(dialog).getByLabelText('State'), 'TX');
    await user.type(within(dialog).getByLabelText('ZIP code'), '00000');
    await user.click(within(dialog).getByRole('button', { name: 'Add depot' }));
    expect(
      await within(dialog).findByText('This address could not be placed on the map'),
    ).toBeInTheDocument();
  });

  it('deletes a depot after asking', async () => {
    const { requests } = deliveryServer({
      [`DELETE /api/delivery/depots/${depotId}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(
      await screen.findByRole('button', { name: 'Delete Austin warehouse' }, PAGE_LOAD),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Depot Austin warehouse deleted.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('tries an address and shows the fee with how it was reached, or why not', async () => {
    const { requests } = deliveryServer({
      'POST /api/delivery/quote': ({ json }) =>
        Response.json(
          (json as { address: { postalCode: string } }).address.postalCode === '78660'
            ? {
                ok: true,
                amount: 6_700,
                taxable: true,
                explanation: 'Up to 20 mi $60.00 + 2.8 mi beyond 20 mi at $2.50/mi $7.00',
                parts: [],
                miles: 22.8,
                milesEstimated: true,
                depotId: depots[0]?.id,
                depotName: 'Austin warehouse',
                lat: 30.4396,
                lng: -97.5947,
                locatedBy: 'zip_centroid',
              }
            : {
                ok: false,
                reason: 'outside_area',
                message: '85.7 mi is beyond the 40 mi delivery area',
                miles: 85.7,
                milesEstimated: true,
                depotId: depots[0]?.id,
                depotName: 'Austin warehouse',
                lat: 31.07,
                lng: -97.25,
                locatedBy: 'zip_centroid',
              },
        ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const box = await screen.findByRole('form', { name: 'Try an address' }, PAGE_LOAD);
    await user.type(within(box).getByLabelText('ZIP code'), '78660');
    await user.click(within(box).getByRole('button', { name: 'Get the fee' }));

    const fee = await screen.findByRole('region', { name: 'Delivery fee' });
    expect(fee).toHaveTextContent('Delivery fee $67.00');
    expect(fee).toHaveTextContent('Up to 20 mi $60.00 + 2.8 mi beyond 20 mi at $2.50/mi $7.00');
    expect(fee).toHaveTextContent('22.8 mi from Austin warehouse (estimated: straight line × 1.3)');
    expect(fee).toHaveTextContent('Placed at the ZIP code’s centre (30.4396, -97.5947)');
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      method: 'staffed',
      address: { line1: '', city: '', region: '', postalCode: '78660', lat: null, lng: null },
      window: null,
    });

    const zip = within(box).getByLabelText('ZIP code');
    await user.clear(zip);
    await user.type(zip, '76501');
    await user.click(within(box).getByRole('button', { name: 'Get the fee' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Delivery fee' })).toHaveTextContent(
        'Not delivered85.7 mi is beyond the 40 mi delivery area',
      ),
    );
  });

  it('shows the rules read-only without delivery.write, and still tries addresses', async () => {
    deliveryServer({}, READ_ONLY);
    renderApp(PATH);
    const form = await feesForm();
    expect(within(form).getByLabelText('Tier 1 up to (miles)')).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Save delivery settings' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add depot' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get the fee' })).toBeEnabled();
  });

  it('is refused without delivery.read', async () => {
    deliveryServer({}, ['tentpole:customer.read']);
    renderApp(PATH);
    expect(
      await screen.findByText('You do not have access to this page', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Delivery fees' })).not.toBeInTheDocument();
  });
});
