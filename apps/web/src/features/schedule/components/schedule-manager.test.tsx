import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  blackouts,
  ids,
  PAGE_LOAD,
  schedule,
  scheduleServer,
  staff,
} from '../test/schedule-fixtures';

const READ_ONLY = ['tentpole:account.read'];

async function blackoutList() {
  return screen.findByRole('list', { name: 'Blackouts' }, PAGE_LOAD);
}

const cardOf = (list: HTMLElement, name: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('schedule (back-office spec §12)', APP_TEST, () => {
  it('lists each blackout with when it falls, what it stops and what it covers', async () => {
    scheduleServer();
    renderApp('/schedule');
    const list = await blackoutList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(blackouts.length);
    const july = cardOf(list, 'Independence Day');
    expect(july).toHaveTextContent('No bookings');
    expect(july).toHaveTextContent('Every year on July 4, from 2026');
    expect(july).toHaveTextContent('The whole business');
    const sundays = cardOf(list, 'Sundays');
    expect(sundays).toHaveTextContent('No online bookings');
    expect(sundays).toHaveTextContent('Every week on Sunday, from Jan 4, 2026');
    const service = cardOf(list, 'Inflatables service');
    expect(service).toHaveTextContent('Mar 2, 2020 – Mar 4, 2020');
    await waitFor(() => expect(service).toHaveTextContent('Categories: Inflatables'));
    expect(service).toHaveTextContent('No more days ahead');
  });

  it("saves Saturday's new hours with the rest of the schedule", async () => {
    const { requests } = scheduleServer({
      'PUT /api/schedule': ({ json }) =>
        Response.json({ ...schedule, ...(json as object), updatedAt: '2026-06-01T00:00:00.000Z' }),
    });
    renderApp('/schedule');
    const user = userEvent.setup();
    const hours = await screen.findByRole('list', { name: 'Business hours' }, PAGE_LOAD);
    await user.click(within(hours).getByRole('switch', { name: 'Saturday open' }));
    const opens = within(hours).getByLabelText('Saturday opens');
    await user.clear(opens);
    await user.type(opens, '10:00');
    const closes = within(hours).getByLabelText('Saturday closes');
    await user.clear(closes);
    await user.type(closes, '16:00');
    await user.clear(screen.getByLabelText('Minimum notice (hours)'));
    await user.type(screen.getByLabelText('Minimum notice (hours)'), '24');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')?.json as typeof schedule;
    expect(put.businessHours.sat).toEqual({
      closed: false,
      intervals: [{ open: '10:00', close: '16:00' }],
    });
    expect(put.businessHours.sun).toEqual({ closed: true, intervals: [] });
    expect(put.bookingRules).toEqual({
      minNoticeHours: 24,
      maxAdvanceDays: null,
      maxDeliveriesPerDay: null,
    });
  });

  it('refuses a closing time before the opening time, without sending anything', async () => {
    const { requests } = scheduleServer();
    renderApp('/schedule');
    const user = userEvent.setup();
    const hours = await screen.findByRole('list', { name: 'Business hours' }, PAGE_LOAD);
    const closes = within(hours).getByLabelText('Monday closes');
    await user.clear(closes);
    await user.type(closes, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('adds a yearly blackout: the first day’s month and date every year', async () => {
    const { requests } = scheduleServer({
      'POST /api/schedule/blackouts': ({ json }) =>
        Response.json({ ...blackouts[0], ...(json as object), id: 'new' }, { status: 201 }),
    });
    renderApp('/schedule');
    await blackoutList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add blackout' }));
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' });
    await user.type(within(dialog).getByLabelText('Name'), 'Christmas');
    await user.type(within(dialog).getByLabelText('First day'), '2026-12-25');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'yearly');
    await user.click(within(dialog).getByRole('button', { name: 'Add blackout' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      name: 'Christmas',
      scope: 'business',
      targetIds: [],
      kind: 'hard',
      startDate: '2026-12-25',
      endDate: '2026-12-25',
      rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25',
      until: null,
    });
    expect(await screen.findByText('Blackout Christmas added.')).toBeInTheDocument();
  });

  it('adds a weekly blackout of one product, online only', async () => {
    const { requests } = scheduleServer({
      'POST /api/schedule/blackouts': ({ json }) =>
        Response.json({ ...blackouts[0], ...(json as object), id: 'new' }, { status: 201 }),
    });
    renderApp('/schedule');
    await blackoutList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add blackout' }));
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' });
    await user.type(within(dialog).getByLabelText('Name'), 'Castle rest days');
    await user.selectOptions(within(dialog).getByLabelText('Covers'), 'product');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Royal Castle' }));
    await user.selectOptions(within(dialog).getByLabelText('Stops'), 'online_only');
    await user.type(within(dialog).getByLabelText('First day'), '2026-06-01');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Add blackout' }));
    expect(await within(dialog).findByText('Choose at least one day')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.type(within(dialog).getByLabelText(/Repeats until/), '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Add blackout' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toMatchObject({
      scope: 'product',
      targetIds: [ids.castle],
      kind: 'online_only',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU',
      until: '2026-09-30',
    });
  });

  it('shows "Enter a valid repeat rule" under a custom rule that is not one', async () => {
    const { requests } = scheduleServer();
    renderApp('/schedule');
    await blackoutList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add blackout' }));
    const dialog = await screen.findByRole('dialog', { name: 'New blackout' });
    await user.type(within(dialog).getByLabelText('Name'), 'Odd days');
    await user.type(within(dialog).getByLabelText('First day'), '2026-06-01');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'custom');
    await user.type(within(dialog).getByLabelText('Repeat rule'), 'every other day');
    await user.click(within(dialog).getByRole('button', { name: 'Add blackout' }));
    expect(await within(dialog).findByText('Enter a valid repeat rule')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('opens a stored weekly rule as its days, and deletes a blackout after asking', async () => {
    const { requests } = scheduleServer({
      'DELETE /api/schedule/blackouts/00000000-0000-4000-8000-0000000000b2': () =>
        new Response(null, { status: 204 }),
    });
    renderApp('/schedule');
    const list = await blackoutList();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Edit Sundays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit blackout' });
    expect(within(dialog).getByLabelText('Repeats')).toHaveValue('weekly');
    expect(within(dialog).getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(list).getByRole('button', { name: 'Delete Sundays' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete blackout?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete blackout' }));
    expect(await screen.findByText('Blackout Sundays deleted.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(ids.sundays))).toBe(true);
  });

  it('shows everything read-only without account.write', async () => {
    scheduleServer({}, READ_ONLY);
    renderApp('/schedule');
    const list = await blackoutList();
    expect(screen.getByLabelText('Monday opens')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Saturday open' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add blackout' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });

  describe('staff shifts and time off (decision 0051)', () => {
    it('shows each member’s week and time off, and saves a new week', async () => {
      const { requests } = scheduleServer({
        'PUT /api/schedule/staff/:userId/shifts': ({ json }) =>
          Response.json({ member: { ...staff[1], ...(json as object) } }),
      });
      renderApp('/schedule');
      const user = userEvent.setup();
      const list = await screen.findByRole('list', { name: 'Team shifts' }, PAGE_LOAD);
      const dana = cardOf(list, 'Dana Driver');
      expect(dana).toHaveTextContent('Mon 08:00–17:00 · Tue 08:00–17:00 · Thu 08:00–17:00');
      expect(dana).toHaveTextContent('Off Fri, Jun 14, 2030 to Sun, Jun 16, 2030');
      expect(dana).toHaveTextContent('Cousin’s wedding');
      expect(cardOf(list, 'Sam Setup')).toHaveTextContent(
        'No shifts set: the truck’s hours apply.',
      );

      await user.click(screen.getByRole('button', { name: 'Shifts of Sam Setup' }));
      const dialog = await screen.findByRole('dialog', { name: 'Shifts' });
      await user.click(within(dialog).getByLabelText('Saturday'));
      const end = within(dialog).getByLabelText('Saturday end');
      await user.clear(end);
      await user.type(end, '06:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save shifts' }));
      expect(within(dialog).getByText('The shift must end after it starts')).toBeInTheDocument();
      await user.clear(end);
      await user.type(end, '20:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save shifts' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
          shifts: {
            mon: null,
            tue: null,
            wed: null,
            thu: null,
            fri: null,
            sat: { start: '08:00', end: '20:00' },
            sun: null,
          },
        }),
      );
      expect(requests.find((r) => r.method === 'PUT')?.path).toBe(
        `/api/schedule/staff/${staff[1]?.userId}/shifts`,
      );
    });

    it('adds time off, refusing a last day before the first', async () => {
      const { requests } = scheduleServer({
        'POST /api/schedule/staff/:userId/time-off': ({ json }) =>
          Response.json({ timeOff: { id: 'new', note: '', ...(json as object) } }, { status: 201 }),
      });
      renderApp('/schedule');
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('button', { name: 'Add time off for Sam Setup' }, PAGE_LOAD),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Time off' });
      const first = within(dialog).getByLabelText('First day');
      const last = within(dialog).getByLabelText('Last day');
      await user.clear(first);
      await user.type(first, '2030-07-03');
      await user.clear(last);
      await user.type(last, '2030-07-01');
      await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
      expect(within(dialog).getByText('The last day must be on or after the first')).toBeVisible();
      await user.clear(last);
      await user.type(last, '2030-07-05');
      await user.type(within(dialog).getByLabelText('Note'), 'Vacation 🏖️');
      await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
          from: '2030-07-03',
          to: '2030-07-05',
          note: 'Vacation 🏖️',
        }),
      );
    });

    it('is not shown to someone who may not see the team', async () => {
      scheduleServer({}, READ_ONLY);
      renderApp('/schedule');
      await blackoutList();
      expect(screen.queryByRole('heading', { name: 'Staff shifts and time off' })).toBeNull();
    });
  });
});
