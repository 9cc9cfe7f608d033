import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  castle,
  downtime,
  ids,
  inventoryServer,
  june,
  PAGE_LOAD,
} from '../test/inventory-fixtures';

const base = `/api/products/${ids.castle}`;

function detailServer(roles?: string[]) {
  return inventoryServer(
    {
      [`GET ${base}`]: () => Response.json({ product: castle }),
      [`GET ${base}/availability`]: ({ search }) =>
        Response.json(
          search.get('month') === '2026-06'
            ? june
            : { ...june, month: search.get('month'), days: [], holders: [] },
        ),
      [`GET ${base}/downtimes`]: () => Response.json({ downtimes: [downtime] }),
      [`POST ${base}/images`]: () =>
        Response.json({
          product: {
            ...castle,
            images: [...castle.images, { id: 'img-2', url: '/f/2', thumbnailUrl: '/f/2/t' }],
          },
        }),
      [`DELETE ${base}/images/img-1`]: () => Response.json({ product: { ...castle, images: [] } }),
      [`POST ${base}/downtimes`]: ({ json }) =>
        Response.json(
          { downtime: { ...downtime, id: 'dt-2', ...(json as object) } },
          { status: 201 },
        ),
      'DELETE /api/downtimes/dt-1': () =>
        Response.json({ downtime: { ...downtime, until: new Date().toISOString() } }),
      [`POST ${base}/units`]: () =>
        Response.json({
          product: {
            ...castle,
            units: [
              ...castle.units,
              { id: 'unit-2', name: 'Castle #2', serial: null, status: 'active' },
            ],
          },
        }),
      [`PATCH ${base}/units/${ids.unit1}`]: ({ json }) =>
        Response.json({
          product: { ...castle, units: [{ ...castle.units[0], ...(json as object) }] },
        }),
    },
    roles,
  );
}

describe('product page (back-office spec §3)', APP_TEST, () => {
  it('shows a month of free stock, marking a day with none free in words, and who holds it', async () => {
    detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);

    const calendar = await screen.findByRole('table', { name: /June 2026/ }, PAGE_LOAD);
    const booked = within(calendar).getByRole('cell', { name: /June 13/ });
    expect(booked).toHaveTextContent('None free');
    expect(within(calendar).getByRole('cell', { name: /June 12/ })).toHaveTextContent('1 free');
    expect(screen.getByText('Order #1042')).toBeInTheDocument();
    expect(screen.getByText('Jamie Fox')).toBeInTheDocument();
  });

  it('moves to the next month, keeping it in the URL', async () => {
    const { requests } = detailServer();
    const { router } = renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    await screen.findByRole('table', { name: /June 2026/ }, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Next month' }));

    expect(await screen.findByRole('table', { name: /July 2026/ })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ month: '2026-07' });
    expect(
      requests.filter((r) => r.path.endsWith('/availability')).map((r) => r.search.get('month')),
    ).toEqual(['2026-06', '2026-07']);
  });

  it("shows the product's details, images and units", async () => {
    detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);

    expect(await screen.findByRole('heading', { level: 1 }, PAGE_LOAD)).toHaveTextContent(
      castle.name,
    );
    expect(screen.getByText('Up to 24 h: $150')).toBeInTheDocument();
    expect(screen.getByText('Each extra day: $50')).toBeInTheDocument();
    expect(screen.getByText('500 × 400 × 350 cm')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${castle.name}, 1 of 1` })).toHaveAttribute(
      'src',
      '/api/files/img-1/thumb',
    );
    const units = screen.getByRole('region', { name: 'Units' });
    expect(units).toHaveTextContent('Castle #1');
    expect(units).toHaveTextContent('Serial SN-1');
  });

  it('uploads a picked image as the multipart field file, and refuses a file that is not an image', async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup({ applyAccept: false });

    const input = await screen.findByLabelText('Upload image', {}, PAGE_LOAD);
    await user.upload(input, new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('terms.pdf is not a JPEG, PNG or WebP image.'),
    ).toBeInTheDocument();

    const photo = new File(['png'], 'castle.png', { type: 'image/png' });
    await user.upload(input, photo);
    expect(await screen.findByRole('img', { name: `${castle.name}, 2 of 2` })).toBeInTheDocument();
    const upload = requests.find((r) => r.method === 'POST' && r.path === `${base}/images`);
    expect(upload?.formData?.get('file')).toBe(photo);
  });

  it('deletes an image', async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete image 1' }, PAGE_LOAD));

    expect(await screen.findByText('No images yet.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `${base}/images/img-1`)).toBe(
      true,
    );
  });

  it('opens a downtime on one unit, hard, with no end', async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open downtime' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Open downtime' });
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'Castle #1');
    expect(within(dialog).queryByLabelText('Quantity')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Cleaning');
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '2026-06-20T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Open downtime' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.find((r) => r.method === 'POST' && r.path === `${base}/downtimes`);
    expect(sent?.json).toEqual({
      quantity: 1,
      unitId: ids.unit1,
      reason: 'cleaning',
      from: new Date('2026-06-20T09:30').toISOString(),
      until: null,
      hard: true,
      note: null,
    });
  });

  it("refuses a downtime whose until is before its from, with the domain's message", async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open downtime' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Open downtime' });
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '2026-06-20T09:30');
    await user.type(within(dialog).getByLabelText(/^Until/), '2026-06-19T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Open downtime' }));

    expect(await within(dialog).findByText('Until must be after from')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('ends an open downtime now', async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    const maintenance = await screen.findByRole('region', { name: 'Maintenance' }, PAGE_LOAD);
    expect(
      await within(maintenance).findByText(/In maintenance today: 1 out of stock/),
    ).toBeInTheDocument();
    await user.click(within(maintenance).getByRole('button', { name: /^End now/ }));

    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/downtimes/dt-1')).toBe(
        true,
      ),
    );
  });

  it('adds a unit and retires one', async () => {
    const { requests } = detailServer();
    renderApp(`/products/${ids.castle}?month=2026-06`);
    const user = userEvent.setup();

    const units = await screen.findByRole('region', { name: 'Units' }, PAGE_LOAD);
    await user.click(within(units).getByRole('button', { name: 'Add unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add unit' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue(`${castle.name} #2`);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Castle #2');
    await user.click(within(dialog).getByRole('button', { name: 'Add unit' }));
    expect(
      await within(units).findByRole('button', { name: 'Retire Castle #2' }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.path === `${base}/units`)?.json).toEqual({
      name: 'Castle #2',
      serial: null,
    });

    await user.click(within(units).getByRole('button', { name: 'Retire Castle #1' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'PATCH' && r.path === `${base}/units/${ids.unit1}`)?.json,
      ).toEqual({ status: 'retired' }),
    );
  });

  it('shows no write actions to someone who may only read products', async () => {
    detailServer(['tentpole:product.read']);
    renderApp(`/products/${ids.castle}?month=2026-06`);

    await screen.findByRole('table', { name: /June 2026/ }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Open downtime' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });
});
