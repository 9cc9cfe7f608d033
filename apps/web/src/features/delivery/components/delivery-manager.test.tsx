import type { DeliveryDay } from '@tentpole/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY, deliveryDay, stops, truckA, truckB } from '@/test/delivery-day-fixtures';
import type { FakeRequest } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { APP_TEST, deliveryServer, PAGE_LOAD } from '../test/delivery-fixtures';

const PATH = `/orders/driver/calendar?date=${DAY}`;

function managerServer(roles?: string[]) {
  return deliveryServer(
    {
      'GET /api/delivery/day': () => Response.json(deliveryDay),
      'PUT /api/delivery/day/routes': () =>
        Response.json({ ...deliveryDay, savedAt: '2030-06-14T21:00:00.000Z' }),
      'POST /api/delivery/day/plan': () => Response.json(deliveryDay),
    },
    roles,
  );
}

const saved = (requests: FakeRequest[]) =>
  requests.find((r) => r.method === 'PUT' && r.path === '/api/delivery/day/routes')?.json;

async function openMoveMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Move ${name}` }, PAGE_LOAD));
  return user;
}

describe('the Delivery Manager board (back-office spec §7.2, §7.3)', APP_TEST, () => {
  it('shows each truck’s route with ETAs, window and slack, and the unassigned stop’s reason', async () => {
    managerServer();
    renderApp(PATH);
    const routeA = await screen.findByRole('list', { name: 'Truck A route' }, PAGE_LOAD);
    const items = within(routeA).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. #1001 Delivery');
    expect(items[0]).toHaveTextContent('ETA 8:00 AM');
    expect(items[0]).toHaveTextContent('Window 8:00 AM–11:30 AM');
    // 8 minutes of slack: amber, said in words too.
    expect(items[1]).toHaveTextContent('slack 8 min');
    expect(items[1]).toHaveTextContent('Tight: little slack');
    const unassigned = screen.getByRole('list', { name: 'Unassigned stops' });
    expect(unassigned).toHaveTextContent('#1002 Pickup');
    expect(unassigned).toHaveTextContent('No truck can serve it and be back before its shift ends');
    expect(screen.getByRole('img', { name: 'Map of the day' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delivery settings' })).toHaveAttribute(
      'href',
      '/orders/driver/settings',
    );
  });

  it('moves a stop down its route from the keyboard menu and saves the new order', async () => {
    const { requests } = managerServer();
    renderApp(PATH);
    const user = await openMoveMenu('#1001 Delivery');
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() =>
      expect(saved(requests)).toEqual({
        date: DAY,
        routes: [
          { vehicleId: truckA, stopIds: [stops.p1.id, stops.d1.id], pinned: [] },
          { vehicleId: truckB, stopIds: [stops.d2.id], pinned: [] },
        ],
      }),
    );
  });

  it('moves a stop to the other truck, and an unassigned one onto a route', async () => {
    const { requests } = managerServer();
    renderApp(PATH);
    const user = await openMoveMenu('#1001 Pickup');
    await user.click(await screen.findByRole('menuitem', { name: 'Move to Truck B' }));
    await waitFor(() =>
      expect(saved(requests)).toEqual({
        date: DAY,
        routes: [
          { vehicleId: truckA, stopIds: [stops.d1.id], pinned: [] },
          { vehicleId: truckB, stopIds: [stops.d2.id, stops.p1.id], pinned: [] },
        ],
      }),
    );
    expect(await screen.findByText(/#1001 pickup moved to Truck B\./)).toBeInTheDocument();
  });

  it('drops a dragged stop before another stop on the other truck', async () => {
    const { requests } = managerServer();
    renderApp(PATH);
    const routeA = await screen.findByRole('list', { name: 'Truck A route' }, PAGE_LOAD);
    const routeB = screen.getByRole('list', { name: 'Truck B route' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
    };
    const [dragged] = within(routeB).getAllByRole('listitem');
    const [target] = within(routeA).getAllByRole('listitem');
    fireEvent.dragStart(dragged as HTMLElement, { dataTransfer });
    fireEvent.dragOver(target as HTMLElement, { dataTransfer });
    fireEvent.drop(target as HTMLElement, { dataTransfer });
    await waitFor(() =>
      expect(saved(requests)).toEqual({
        date: DAY,
        routes: [
          { vehicleId: truckA, stopIds: [stops.d2.id, stops.d1.id, stops.p1.id], pinned: [] },
          { vehicleId: truckB, stopIds: [], pinned: [] },
        ],
      }),
    );
  });

  it('pins a stop to its truck', async () => {
    const { requests } = managerServer();
    renderApp(PATH);
    const user = await openMoveMenu('#1002 Delivery');
    await user.click(await screen.findByRole('menuitem', { name: 'Pin to this truck' }));
    await waitFor(() =>
      expect((saved(requests) as { routes: DeliveryDay['routes'] })?.routes[1]).toEqual({
        vehicleId: truckB,
        stopIds: [stops.d2.id],
        pinned: [stops.d2.id],
      }),
    );
  });

  it('plans the day with the button', async () => {
    const { requests } = managerServer();
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Plan the day' }, PAGE_LOAD));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/delivery/day/plan')?.json).toEqual({
        date: DAY,
      }),
    );
  });

  it('a delivery.read member sees the routes but no plan button or move menus', async () => {
    managerServer(['tentpole:delivery.read']);
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Truck A route' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Plan the day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });

  describe('as the day goes (decision 0047)', () => {
    afterEach(() => vi.useRealTimers());

    it('a stop running behind turns amber, one that will miss its window red, with their ETAs moved', async () => {
      // 10:55 AM in Austin. Truck A started at 7:50 and delivered #1001 at 8:50, 20 minutes
      // past its plan; truck B was to leave at 8:50 and has not: #1002's window ends at 11:00.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-15T15:55:00Z'));
      const started: DeliveryDay = {
        ...deliveryDay,
        routes: deliveryDay.routes.map((r) =>
          r.vehicleId === truckA ? { ...r, startedAt: '2030-06-15T12:50:00.000Z' } : r,
        ),
        statuses: [
          {
            stopId: stops.d1.id,
            status: 'delivered',
            at: '2030-06-15T13:50:00.000Z',
            event: {
              id: '00000000-0000-4000-8000-00000000e001',
              stopId: stops.d1.id,
              action: 'delivered',
              occurredAt: '2030-06-15T13:50:00.000Z',
              byName: 'Dana Driver',
              note: null,
              reason: null,
              printedName: 'Ana Diaz',
              counts: null,
              maintenance: null,
              text: null,
              photoUrl: null,
              signatureUrl: null,
            },
          },
        ],
      };
      deliveryServer({ 'GET /api/delivery/day': () => Response.json(started) });
      renderApp(PATH);
      const routeA = await screen.findByRole('list', { name: 'Truck A route' }, PAGE_LOAD);
      const [, pickup] = within(routeA).getAllByRole('listitem');
      expect(pickup).toHaveTextContent('ETA 6:20 PM (planned 6:00 PM)');
      expect(within(pickup as HTMLElement).getByTestId('stop-running')).toHaveTextContent(
        'Running 20 min late: now about 6:20 PM',
      );
      const routeB = screen.getByRole('list', { name: 'Truck B route' });
      const [delivery] = within(routeB).getAllByRole('listitem');
      expect(delivery).toHaveTextContent('ETA 11:05 AM (planned 9:00 AM)');
      expect(within(delivery as HTMLElement).getByTestId('stop-running')).toHaveTextContent(
        'Will miss its window: now about 11:05 AM',
      );
      expect(delivery).toHaveClass('border-destructive/60');
    });

    it('another day’s routes are shown as planned', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-16T15:55:00Z'));
      managerServer();
      renderApp(PATH);
      const routeB = await screen.findByRole('list', { name: 'Truck B route' }, PAGE_LOAD);
      expect(routeB).toHaveTextContent('ETA 9:00 AM');
      expect(screen.queryByTestId('stop-running')).not.toBeInTheDocument();
    });
  });
});
