import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { SEARCH_DEBOUNCE_MS } from './customer-search-box';

const charlotte = {
  id: 'cust-1',
  firstName: 'Charlotte',
  lastName: 'Hill',
  company: 'Greenfield Farmers Market',
  email: 'charlotte.hill@example.org',
  phoneNumber: '+15550100123',
  points: 420,
  banned: false,
  reference: 'REF-1023',
  lastOrder: { id: 'order-1', number: 1042, status: 'confirmed', eventDate: '2026-06-06' },
};
const cooper = {
  ...charlotte,
  id: 'cust-2',
  firstName: 'Cooper',
  lastName: 'Flores',
  company: null,
  email: 'cooper@example.com',
  phoneNumber: null,
  banned: true,
  lastOrder: null,
};

function customersServer(roles: string[] = signedInSession.user.roles) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return stubServer({
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/customers': ({ search }) => {
      const term = search.get('search') ?? '';
      const customers = term === '' ? [charlotte, cooper] : [charlotte];
      return Response.json({
        customers,
        total: term === '' ? 60 : 1,
        page: Number(search.get('page')),
        pageSize: Number(search.get('pageSize')),
      });
    },
  });
}

function listRequests(requests: FakeRequest[]) {
  return requests
    .filter((request) => request.path === '/api/customers')
    .map((request) => Object.fromEntries(request.search));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('customer list (spec §2 Customer area)', () => {
  it('shows each customer with the formatted phone, points, banned badge and last order, as links', async () => {
    customersServer();
    renderApp('/customers');

    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Charlotte Hill/ });
    expect(row).toHaveTextContent('(555) 010-0123');
    expect(row).toHaveTextContent('Greenfield Farmers Market');
    expect(row).toHaveTextContent('420');
    expect(row).toHaveTextContent('#1042');
    expect(row).toHaveTextContent('Sat, Jun 6, 2026');
    expect(within(row).getByRole('link', { name: 'Charlotte Hill' })).toHaveAttribute(
      'href',
      '/customers/cust-1',
    );
    expect(within(table).getByRole('row', { name: /Cooper Flores/ })).toHaveTextContent('Banned');
    expect(screen.getByText('1–25 of 60 · Page 1 of 3')).toBeInTheDocument();
  });

  it('reads the search and page from the URL and asks the server for them', async () => {
    const { requests } = customersServer();
    renderApp('/customers?search=hill&page=2');

    expect(await screen.findByText('1 match for “hill”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('hill');
    expect(listRequests(requests)).toEqual([{ search: 'hill', page: '2', pageSize: '25' }]);
  });

  it('falls back to the defaults for a bad value in the URL, keeping the good ones', async () => {
    const { requests } = customersServer();
    const { router } = renderApp('/customers?search=hill&page=two&pageSize=5000');

    expect(await screen.findByText('1 match for “hill”')).toBeInTheDocument();
    expect(listRequests(requests)).toEqual([{ search: 'hill', page: '1', pageSize: '25' }]);
    // The bad values leave the URL; the defaults are not written into it.
    expect(router.state.location.search).toEqual({ search: 'hill' });
  });

  it('puts the search in the URL once typing pauses, on page 1, and searches once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = customersServer();
    const { router } = renderApp('/customers?page=2');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const box = await screen.findByRole('searchbox', { name: 'Search customers' });
    await user.type(box, ' (555) 010-0123');
    expect(router.state.location.search).toEqual({ page: 2 });

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: '(555) 010-0123' }));
    expect(router.state.location.href).toBe('/customers?search=%28555%29+010-0123');
    expect(await screen.findByText('1 match for “(555) 010-0123”')).toBeInTheDocument();
    expect(listRequests(requests)).toEqual([
      { page: '2', pageSize: '25' },
      { search: '(555) 010-0123', page: '1', pageSize: '25' },
    ]);
  });

  it('puts the URL’s search back in the box on going back', async () => {
    customersServer();
    const { router } = renderApp('/customers');
    const user = userEvent.setup();

    const box = await screen.findByRole('searchbox', { name: 'Search customers' });
    await user.type(box, 'hill{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'hill' }));
    await act(() => router.navigate({ to: '/customers', search: {} }));

    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('offers New Customer to a user with customer.write, and disables it without', async () => {
    customersServer(['tentpole:customer.read']);
    renderApp('/customers');

    expect(await screen.findByRole('button', { name: 'New Customer' })).toBeDisabled();
  });

  it('sorts on the server by a header: Points largest first, then smallest, kept in the URL', async () => {
    const { requests } = customersServer();
    const { router } = renderApp('/customers?page=2');
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Points' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ sort: 'points', order: 'desc' }),
    );
    // Numbers sort largest first on the first click (TanStack Table's default for numbers).
    await user.click(within(table).getByRole('button', { name: 'Points' }));
    // 'asc' is the default order, so it leaves the URL.
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'points' }));

    expect(
      within(await screen.findByRole('table')).getByRole('columnheader', { name: /Points/ }),
    ).toHaveAttribute('aria-sort', 'ascending');
    expect(listRequests(requests)).toEqual([
      { page: '2', pageSize: '25' },
      { page: '1', pageSize: '25', sort: 'points', order: 'desc' },
      { page: '1', pageSize: '25', sort: 'points', order: 'asc' },
    ]);
  });
});
