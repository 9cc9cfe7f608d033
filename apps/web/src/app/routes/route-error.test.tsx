import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InstrumentationProvider } from '@/app/providers/instrumentation-provider';
import { createAppRouter } from '@/app/router';
import { createInstrumentation } from '@/lib/instrumentation/instrumentation';
import { createQueryClient } from '@/lib/query-client';
import { RouteErrorPage } from './route-error';

/** A page that throws while `state.broken`, inside a layout that stays on screen. */
function renderBrokenPage(state: { broken: boolean }) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <p>The shell</p>
        <Outlet />
      </>
    ),
  });
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    staticData: { title: 'Dashboard' },
    component: () => <h1>Dashboard</h1>,
  });
  const reportsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/reports',
    staticData: { title: 'Reports' },
    component: function ReportsPage() {
      if (state.broken) throw new Error('Sales figures arrived in an unknown shape');
      return <h1>Reports</h1>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([homeRoute, reportsRoute]),
    history: createMemoryHistory({ initialEntries: ['/reports'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  const errors = { captureException: vi.fn(), setUser: vi.fn() };
  render(
    <InstrumentationProvider
      instrumentation={createInstrumentation({ environment: 'test' }, { errors })}
    >
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </InstrumentationProvider>,
  );
  return { router, errors };
}

/** React logs the error an error boundary caught; that log is expected here. */
function expectCaughtErrorLogs() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('RouteErrorPage (a route that fails, with a way back)', () => {
  it('names the page and what failed, inside the layout, and reports the error', async () => {
    expectCaughtErrorLogs();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { errors } = renderBrokenPage({ broken: true });

    expect(
      await screen.findByRole('heading', { name: 'Reports could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sales figures arrived in an unknown shape')).toBeInTheDocument();
    expect(screen.getByText('The shell')).toBeInTheDocument();
    expect(errors.captureException).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Sales figures arrived in an unknown shape' }),
      { boundary: 'route' },
    );
  });

  it('shows the page again on Try again once it no longer fails', async () => {
    expectCaughtErrorLogs();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = { broken: true };
    renderBrokenPage(state);
    await screen.findByRole('heading', { name: 'Reports could not be shown' });

    state.broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the dashboard', async () => {
    expectCaughtErrorLogs();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderBrokenPage({ broken: true });

    await userEvent
      .setup()
      .click(await screen.findByRole('link', { name: 'Back to the dashboard' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("is the app router's error component for every route", () => {
    const router = createAppRouter({ queryClient: createQueryClient() });
    expect(router.options.defaultErrorComponent).toBe(RouteErrorPage);
  });
});
