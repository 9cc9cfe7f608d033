import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deliveryDay } from '@/test/delivery-day-fixtures';
import { renderApp } from '@/test/render-app';
import { APP_TEST, deliveryServer, depotId, PAGE_LOAD } from '../test/delivery-fixtures';

const PATH = '/orders/driver/settings';

describe('vehicles on the Delivery settings page (back-office spec §7.2)', APP_TEST, () => {
  it('lists the vehicles and adds one with its depot, capacity and shift', async () => {
    const { requests } = deliveryServer({
      'GET /api/delivery/vehicles': () => Response.json({ vehicles: deliveryDay.vehicles }),
      'POST /api/delivery/vehicles': ({ json }) =>
        Response.json(
          {
            vehicle: {
              ...(json as object),
              id: '00000000-0000-4000-8000-0000000000c3',
              createdAt: '2026-05-02T12:00:00.000Z',
            },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'Vehicles' }, PAGE_LOAD);
    expect(list).toHaveTextContent('Truck A');
    expect(list).toHaveTextContent('10 units · 500 cu ft · 07:00–21:00');

    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New vehicle' });
    await user.type(within(dialog).getByLabelText('Name'), 'Truck C');
    await user.selectOptions(within(dialog).getByLabelText('Depot'), depotId);
    await user.type(within(dialog).getByLabelText('Capacity (units)'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
        name: 'Truck C',
        depotId,
        capacityUnits: 6,
        capacityVolume: 0,
        shiftStart: '08:00',
        shiftEnd: '18:00',
        active: true,
      }),
    );
    expect(await screen.findByText('Vehicle Truck C saved.')).toBeInTheDocument();
  });

  it('says what is wrong before saving: no capacity, a shift that ends before it starts', async () => {
    const { requests } = deliveryServer({
      'GET /api/delivery/vehicles': () => Response.json({ vehicles: [] }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Add vehicle' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New vehicle' });
    await user.type(within(dialog).getByLabelText('Name'), 'Backwards');
    const end = within(dialog).getByLabelText('Shift ends');
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(dialog).findByText('Enter the capacity in units')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Capacity (units)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(
      await within(dialog).findByText('The shift must end after it starts'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows vehicles read-only without delivery.write', async () => {
    deliveryServer(
      { 'GET /api/delivery/vehicles': () => Response.json({ vehicles: deliveryDay.vehicles }) },
      ['tentpole:delivery.read'],
    );
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Vehicles' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Add vehicle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Truck A' })).not.toBeInTheDocument();
  });
});
