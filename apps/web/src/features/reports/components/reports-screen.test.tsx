import {
  REPORT_INFO,
  REPORT_KEYS,
  type ReportKey,
  type ReportListResponse,
  type ReportResponse,
} from '@tentpole/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const PAGE_LOAD = { timeout: 5_000 };
// Renders the whole app; a busy CI machine takes a while for the first page.
const APP_TEST = { timeout: 15_000 };

const allReports: ReportListResponse['reports'] = REPORT_KEYS.map((key) => ({
  key,
  ...REPORT_INFO[key],
}));

const revenue: ReportResponse = {
  key: 'revenue',
  title: 'Revenue',
  range: { from: '2026-11-01', to: '2026-11-26' },
  previousRange: { from: '2026-10-06', to: '2026-10-31' },
  basis: 'accrual',
  basisLabel: 'Accrual: by event date',
  currency: 'USD',
  summary: [
    { key: 'revenue', label: 'Revenue', format: 'money', value: 125_050, previous: 100_000 },
    { key: 'orders', label: 'Orders', format: 'count', value: 1_234, previous: 0 },
    { key: 'share', label: 'Paid in full', format: 'percent', value: 42.25, previous: null },
    { key: 'lead', label: 'Booked ahead', format: 'days', value: 12.34, previous: 10 },
    { key: 'refunds', label: 'Refunded', format: 'money', value: 0, previous: 0 },
    { key: 'onTime', label: 'On time', format: 'percent', value: 0.4, previous: 0.04 },
  ],
  chart: {
    kind: 'bar',
    format: 'money',
    series: [{ key: 'revenue', label: 'Revenue' }],
    points: [
      { label: '2026-11-01', values: { revenue: 50_000 } },
      { label: '2026-11-02', values: { revenue: 75_050 } },
    ],
  },
  columns: [
    { key: 'order', label: 'Order', format: 'text', link: 'order' },
    { key: 'customer', label: 'Customer', format: 'text', link: 'customer' },
    { key: 'product', label: 'Product', format: 'text', link: 'product' },
    { key: 'eventDate', label: 'Event date', format: 'date' },
    { key: 'total', label: 'Total', format: 'money' },
  ],
  rows: [
    {
      order: '#1042',
      orderId: 'order-1',
      customer: 'Jamie Fox',
      customerId: 'cust-1',
      product: 'Castle',
      productId: 'prod-1',
      eventDate: '2026-11-14',
      total: 125_050,
    },
    // A row without the ids: its cells are plain text.
    {
      order: '#1043',
      orderId: null,
      customer: 'Walk-in',
      customerId: null,
      product: 'Tent',
      productId: null,
      eventDate: '2026-11-15',
      total: 0,
    },
  ],
  truncated: true,
  notBuilt: null,
};

/** Another report's answer, shaped like revenue's, without a basis. */
function answerFor(key: ReportKey, changes: Partial<ReportResponse> = {}): ReportResponse {
  return {
    ...revenue,
    key,
    title: REPORT_INFO[key].title,
    basis: null,
    basisLabel: null,
    truncated: false,
    ...changes,
  };
}

type Answers = Partial<Record<ReportKey, (request: FakeRequest) => Response>>;

function reportsServer(answers: Answers = {}, reports = allReports) {
  const routes = Object.fromEntries(
    REPORT_KEYS.map((key) => [
      `GET /api/reports/${key}`,
      answers[key] ?? (() => Response.json(key === 'revenue' ? revenue : answerFor(key))),
    ]),
  );
  return stubServer({
    'GET /api/auth/session': () => Response.json(signedInSession),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/reports': () => Response.json({ reports }),
    ...routes,
  });
}

/** The queries the page asked a report for, as plain objects. */
function reportQueries(requests: FakeRequest[], key: ReportKey) {
  return requests
    .filter((request) => request.path === `/api/reports/${key}`)
    .map((request) => Object.fromEntries(request.search));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Reports (back-office spec §11)', APP_TEST, () => {
  it('opens the first listed report, its figures formatted by format against the previous period', async () => {
    reportsServer();
    renderApp('/reports');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Revenue' }, PAGE_LOAD),
    ).toBeInTheDocument();
    const figure = async (key: string) => screen.findByTestId(`figure-${key}`);
    expect(await figure('revenue')).toHaveTextContent(
      'Revenue$1,250.50+25.05% vs $1,000.00 in the previous period',
    );
    // A previous 0 counts as 1 (spec §9).
    expect(await figure('orders')).toHaveTextContent(
      'Orders1,234+123,300% vs 0 in the previous period',
    );
    expect(await figure('share')).toHaveTextContent(/^Paid in full42\.3%$/);
    expect(await figure('lead')).toHaveTextContent(
      'Booked ahead12.3 days+23.4% vs 10.0 days in the previous period',
    );
    // Nothing then and nothing now is no change, not the formula's -100%.
    expect(await figure('refunds')).toHaveTextContent(
      'Refunded$0.000% vs $0.00 in the previous period',
    );
    // A rate moves in points: the §9 formula would read this tenfold rise as -60%.
    expect(await figure('onTime')).toHaveTextContent(
      'On time0.4%+0.4 points vs 0.0% in the previous period',
    );
    expect(screen.getByTestId('basis-label')).toHaveTextContent('Accrual: by event date');
    expect(
      screen.getByText('Nov 1, 2026 to Nov 26, 2026, compared with Oct 6, 2026 to Oct 31, 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Bar chart of Revenue from Nov 1, 2026 to Nov 2, 2026, 2 points. Revenue is highest at $750.50 (Nov 2, 2026).',
    );
    // The picker lists every report it was given, the open one marked.
    const picker = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(picker).getAllByRole('link')).toHaveLength(REPORT_KEYS.length);
    expect(within(picker).getByRole('link', { current: 'page' })).toHaveTextContent(
      REPORT_INFO.revenue.description,
    );
  });

  it('drops what the report rules reject from the URL, keeping the rest', async () => {
    const { requests } = reportsServer();
    renderApp('/reports?report=profits&from=2026-02-30&to=2026-03-31&basis=yearly&groupBy=colour');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Revenue' }, PAGE_LOAD),
    ).toBeInTheDocument();
    // Half a range is no range: the server's default is asked for.
    expect(reportQueries(requests, 'revenue')).toEqual([{}]);
  });

  it('links order, customer and product cells to their pages, and says when rows were left out', async () => {
    reportsServer();
    renderApp('/reports');

    const table = await screen.findByRole('table', { name: 'Revenue' }, PAGE_LOAD);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Customer', 'Product', 'Event date', 'Total']);
    const [, linked, plain] = within(table).getAllByRole('row');
    if (!linked || !plain) throw new Error('Expected two rows');
    expect(within(linked).getByRole('link', { name: '#1042' })).toHaveAttribute(
      'href',
      '/orders/order-1',
    );
    expect(within(linked).getByRole('link', { name: 'Jamie Fox' })).toHaveAttribute(
      'href',
      '/customers/cust-1',
    );
    expect(within(linked).getByRole('link', { name: 'Castle' })).toHaveAttribute(
      'href',
      '/products/prod-1',
    );
    expect(linked).toHaveTextContent('Nov 14, 2026');
    expect(linked).toHaveTextContent('$1,250.50');
    expect(within(plain).queryAllByRole('link')).toEqual([]);
    expect(plain).toHaveTextContent('#1043Walk-inTentNov 15, 2026$0.00');
    expect(
      screen.getByText('Showing the first 500 rows; the CSV has them all.'),
    ).toBeInTheDocument();
  });

  it('leaves the truncated note out when every row is shown', async () => {
    reportsServer();
    renderApp('/reports?report=payments');

    await screen.findByRole('table', { name: 'Payments and refunds' }, PAGE_LOAD);
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
  });

  it('shows what a report not built yet will show, instead of figures, chart, table and CSV', async () => {
    reportsServer({
      deliveries: () =>
        Response.json(
          answerFor('deliveries', {
            notBuilt: 'Deliveries will count stops, on-time arrivals and miles once routes exist.',
            summary: [],
            chart: null,
            columns: [],
            rows: [],
          }),
        ),
    });
    renderApp('/reports?report=deliveries');

    expect(
      await screen.findByText(
        'Deliveries will count stops, on-time arrivals and miles once routes exist.',
        {},
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Not built yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId(/^figure-/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Dates' })).not.toBeInTheDocument();
  });

  it('offers the basis only for reports that have one, and asks for the one chosen', async () => {
    const { requests } = reportsServer();
    const { router } = renderApp('/reports?report=payments&basis=cash');
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Payments and refunds' }, PAGE_LOAD);
    expect(screen.queryByRole('group', { name: 'Basis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Group by' })).not.toBeInTheDocument();
    // Payments has no basis: the one in the URL is not sent for it.
    expect(reportQueries(requests, 'payments')).toEqual([{}]);

    await user.click(screen.getByRole('link', { name: /^Sales tax/ }));
    const basis = await screen.findByRole('group', { name: 'Basis' });
    expect(within(basis).getByRole('button', { name: 'Cash: by payment date' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(basis).getByRole('button', { name: 'Accrual: by event date' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ report: 'sales-tax', basis: 'accrual' }),
    );
    await waitFor(() =>
      expect(reportQueries(requests, 'sales-tax')).toEqual([
        { basis: 'cash' },
        { basis: 'accrual' },
      ]),
    );
  });

  it('offers Group by for utilisation only, and asks for the grouping chosen', async () => {
    const { requests } = reportsServer();
    renderApp('/reports?report=utilisation');
    const user = userEvent.setup();

    const groupBy = await screen.findByRole('group', { name: 'Group by' }, PAGE_LOAD);
    expect(screen.queryByRole('group', { name: 'Basis' })).not.toBeInTheDocument();
    await user.click(within(groupBy).getByRole('button', { name: 'Category' }));
    await waitFor(() =>
      expect(reportQueries(requests, 'utilisation')).toEqual([{}, { groupBy: 'category' }]),
    );
  });

  it("points Download CSV at the report's CSV with the range and basis shown", async () => {
    reportsServer();
    renderApp('/reports?report=revenue&from=2026-01-01&to=2026-03-31&basis=cash&groupBy=category');

    const link = await screen.findByRole('link', { name: 'Download CSV' }, PAGE_LOAD);
    expect(link).toHaveAttribute('download');
    // groupBy is utilisation's alone: revenue's CSV is not asked for it.
    expect(link).toHaveAttribute(
      'href',
      '/api/reports/revenue/csv?from=2026-01-01&to=2026-03-31&basis=cash',
    );
  });

  it('puts a typed range in the URL once it is whole, and says why a backwards one cannot be shown', async () => {
    const { requests } = reportsServer();
    const { router } = renderApp('/reports?from=2026-11-01&to=2026-11-26');

    const first = await screen.findByLabelText('First day', {}, PAGE_LOAD);
    const last = screen.getByLabelText('Last day');
    expect(first).toHaveValue('2026-11-01');
    expect(last).toHaveValue('2026-11-26');

    fireEvent.change(last, { target: { value: '2026-10-15' } });
    expect(await screen.findByText('The last day must not be before the first')).toBeVisible();
    expect(last).toHaveValue('2026-10-15');
    expect(router.state.location.search).toEqual({ from: '2026-11-01', to: '2026-11-26' });

    fireEvent.change(first, { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-10-01', to: '2026-10-15' }),
    );
    expect(screen.queryByText('The last day must not be before the first')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(reportQueries(requests, 'revenue')).toContainEqual({
        from: '2026-10-01',
        to: '2026-10-15',
      }),
    );
  });

  it("shows the server's range when the URL has none, and a preset puts its days in the URL", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 12));
    reportsServer();
    const { router } = renderApp('/reports');
    const user = userEvent.setup();

    expect(await screen.findByLabelText('First day', {}, PAGE_LOAD)).toHaveValue('2026-11-01');
    const presets = await screen.findByRole('group', { name: 'Quick ranges' });
    await waitFor(() =>
      expect(within(presets).getByRole('button', { name: 'This month' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user.click(within(presets).getByRole('button', { name: 'Last month' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-10-01', to: '2026-10-31' }),
    );
    await user.click(within(presets).getByRole('button', { name: 'This year' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-01-01', to: '2026-11-26' }),
    );
    expect(within(presets).getByRole('button', { name: 'This year' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says there is no data in the range when the report has no rows', async () => {
    reportsServer({
      coupons: () => Response.json(answerFor('coupons', { rows: [], chart: null })),
    });
    renderApp('/reports?report=coupons');

    expect(await screen.findByText('No data in this range', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says why a range was refused, in the server's words", async () => {
    reportsServer({
      revenue: () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the highlighted fields',
              fields: { to: ['A report covers at most three years'] },
            },
          },
          { status: 400 },
        ),
    });
    renderApp('/reports?from=2020-01-01&to=2026-01-01');

    expect(
      await screen.findByText('A report covers at most three years', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('This range could not be shown.')).toBeInTheDocument();
  });

  it('opens the first report listed for this member, and says so for one not open to them', async () => {
    const open = allReports.filter((report) => !report.financial);
    reportsServer({}, open);
    renderApp('/reports?report=revenue');

    expect(
      await screen.findByText('This report is not open to you.', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    const picker = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(picker).getAllByRole('link')[0]).toHaveTextContent('Utilisation');
  });
});
