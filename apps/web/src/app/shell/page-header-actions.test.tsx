import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticatedSessionProvider } from '@/app/providers/authenticated-session';
import { createQueryClient } from '@/lib/query-client';
import { signedInSession } from '@/test/fixtures';
import { renderInRouter } from '@/test/render-in-router';
import { HeaderActions } from './page-header-actions';

function renderActions(roles: string[], ui: React.ReactNode) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return renderInRouter(
    <AuthenticatedSessionProvider session={session}>{ui}</AuthenticatedSessionProvider>,
  );
}

describe('header actions (spec §2 Header, §6)', () => {
  it('disables the primary action for a user without write on its resource', async () => {
    renderActions(
      ['tentpole:customer.read'],
      <HeaderActions
        actionButton={{
          label: 'Add Customer',
          href: '/customers/new',
          permission: 'customer.write',
        }}
      />,
    );

    expect(await screen.findByRole('button', { name: 'Add Customer' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Add Customer' })).not.toBeInTheDocument();
  });

  it('derives the resource from the permission: customer.read needs customer.write', async () => {
    renderActions(
      ['tentpole:customer.write'],
      <HeaderActions
        actionButton={{
          label: 'Add Customer',
          href: '/customers/new',
          permission: 'customer.read',
        }}
      />,
    );

    expect(await screen.findByRole('link', { name: 'Add Customer' })).toHaveAttribute(
      'href',
      '/customers/new',
    );
  });

  it('runs the click action of an allowed primary button', async () => {
    const onClick = vi.fn();
    renderActions(
      ['tentpole:*'],
      <HeaderActions actionButton={{ label: 'Call', onClick, permission: 'phone.read' }} />,
    );

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Call' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("reads a link's permission from the route it leads to", async () => {
    const session = {
      ...signedInSession,
      user: { ...signedInSession.user, roles: ['tentpole:customer.read'] },
    };
    const rootRoute = createRootRoute({
      component: () => (
        <AuthenticatedSessionProvider session={session}>
          <HeaderActions actionButton={{ label: 'New Customer', href: '/customers/new' }} />
        </AuthenticatedSessionProvider>
      ),
    });
    const newCustomerRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/customers/new',
      staticData: { permission: 'customer.write' },
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([newCustomerRoute]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('button', { name: 'New Customer' })).toBeDisabled();
  });

  it('enables a primary action that names no permission', async () => {
    renderActions([], <HeaderActions actionButton={{ label: 'New Order', href: '/orders' }} />);
    expect(await screen.findByRole('link', { name: 'New Order' })).toBeInTheDocument();
  });

  it('lists secondary actions, as links or click actions, in a dropdown', async () => {
    const onClick = vi.fn();
    renderActions(
      [],
      <HeaderActions
        secondaryActions={[
          { label: 'Export', onClick },
          { label: 'Open the calendar', href: '/orders/calendar' },
        ]}
      />,
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Open the calendar' })).toHaveAttribute(
      'href',
      '/orders/calendar',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows nothing without actions', async () => {
    renderActions(
      [],
      <>
        <p>page</p>
        <HeaderActions />
      </>,
    );
    await screen.findByText('page');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
