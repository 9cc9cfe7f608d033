import type { WeatherBoard } from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const PATH = '/orders/driver/weather';
const PAGE_LOAD = { timeout: 5_000 };
const slides = '00000000-0000-4000-8000-0000000000c1';

const risk = (n: number, offer: WeatherBoard['risks'][number]['offer']) => ({
  orderId: `00000000-0000-4000-8000-00000000000${n}`,
  orderNumber: 1040 + n,
  status: 'reserved',
  customerName: `Customer ${n}`,
  customerPhone: '+15550100000',
  eventStart: '2030-06-14T17:00:00.000Z',
  eventEnd: '2030-06-14T22:00:00.000Z',
  address: '1 Party Lane, Chicago, IL 60601',
  totalCents: 20_000,
  reasons: [
    {
      kind: 'gusts' as const,
      value: 35,
      limit: 20,
      at: '2030-06-14T19:00:00.000Z',
      category: null,
    },
  ],
  worstAt: '2030-06-14T19:00:00.000Z',
  checkedAt: '2030-06-13T11:00:00.000Z',
  offer,
});

const board = (risks: WeatherBoard['risks']): WeatherBoard => ({
  timeZone: 'America/Chicago',
  checkedAt: '2030-06-13T11:00:00.000Z',
  lookaheadHours: 72,
  checkedOrders: 5,
  risks,
});

function weatherServer(routes: Parameters<typeof stubServer>[0] = {}, roles = ['tentpole:*']) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return stubServer({
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/weather/board': () =>
      Response.json(
        board([
          risk(1, null),
          risk(2, null),
          risk(3, {
            state: 'moved',
            note: 'Moved from Fri, Jun 14 to Sat, Jun 15.',
            moveTo: '2030-06-15T17:00:00.000Z',
            creditCents: 5_000,
            sentAt: '2030-06-13T11:05:00.000Z',
            repliedAt: '2030-06-13T11:20:00.000Z',
          }),
        ]),
      ),
    'GET /api/weather/policy': () =>
      Response.json({
        policy: { gustsOverMph: 20, rainChanceAtLeast: 60, temperatureUnderF: 40, categories: [] },
        categories: [{ id: slides, name: 'Water slides' }],
      }),
    ...routes,
  });
}

describe('the weather board (issue 24 item 6)', { timeout: 15_000 }, () => {
  it('lists the at-risk parties with their reasons and reply states, and texts the untexted', async () => {
    const { requests } = weatherServer({
      'POST /api/weather/texts': () => Response.json({ texted: 2, notSent: 0, alreadyTexted: 1 }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const list = await screen.findByRole('list', { name: 'At-risk orders' }, PAGE_LOAD);
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('#1041 · Customer 1');
    expect(items[0]).toHaveTextContent('Gusts 35 mph at 2 PM (over 20 mph)');
    expect(items[0]).toHaveTextContent('Not texted yet');
    expect(items[2]).toHaveTextContent('Replied 2: moved');
    expect(items[2]).toHaveTextContent('Offered: move to Sat, Jun 15');

    await user.click(screen.getByRole('button', { name: 'Text options to 2 customers' }));
    expect(await screen.findByText('Texted 2 customers.')).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/weather/texts'),
    ).toHaveLength(1);
  });

  it('saves a category rule in the policy, and refuses a limit out of range before sending', async () => {
    const { requests } = weatherServer({
      'PUT /api/weather/policy': ({ json }) =>
        Response.json({ policy: json, categories: [{ id: slides, name: 'Water slides' }] }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Weather policy' }, PAGE_LOAD);
    await waitFor(() =>
      expect(within(form).getByLabelText('Wind gusts over (mph)')).toHaveValue('20'),
    );
    await user.selectOptions(within(form).getByLabelText('Add a rule for'), 'Water slides');
    await user.type(within(form).getByLabelText('Water slides: temperature under (°F)'), '65');
    const gusts = within(form).getByLabelText('Wind gusts over (mph)');
    await user.clear(gusts);
    await user.type(gusts, '500');
    await user.click(within(form).getByRole('button', { name: 'Save weather policy' }));
    expect(within(form).getByText('At most 100 mph')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(gusts);
    await user.type(gusts, '25');
    await user.click(within(form).getByRole('button', { name: 'Save weather policy' }));
    expect(await screen.findByText('Weather policy saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
      gustsOverMph: 25,
      rainChanceAtLeast: 60,
      temperatureUnderF: 40,
      categories: [
        { categoryId: slides, gustsOverMph: null, rainChanceAtLeast: null, temperatureUnderF: 65 },
      ],
    });
  });

  it('shows the board read-only to someone who may see deliveries but not plan them', async () => {
    weatherServer({}, ['tentpole:delivery.read']);
    renderApp(PATH);
    await screen.findByRole('list', { name: 'At-risk orders' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: /Text options/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save weather policy' })).not.toBeInTheDocument();
  });
});
