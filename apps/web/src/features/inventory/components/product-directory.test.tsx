import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { APP_TEST, ids, inventoryServer, PAGE_LOAD } from '../test/inventory-fixtures';

function listRequests(requests: FakeRequest[]) {
  return requests
    .filter(
      (request) => request.path === '/api/products' && request.search.get('pageSize') === '50',
    )
    .map((request) => Object.fromEntries(request.search));
}

describe('product list (back-office spec §3)', APP_TEST, () => {
  it('shows each product with its thumbnail, type, quantity and price summary, linking to its page', async () => {
    inventoryServer();
    renderApp('/products');

    const table = await screen.findByRole('table', { name: 'Products' }, PAGE_LOAD);
    const castle = within(table).getByRole('row', { name: /Royal Castle/ });
    expect(castle).toHaveTextContent('Castles');
    expect(castle).toHaveTextContent('Rental');
    expect(castle).toHaveTextContent('1 unit');
    expect(castle).toHaveTextContent('$150 / day');
    expect(castle.querySelector('img')).toHaveAttribute('src', '/api/files/img-1/thumb');
    expect(
      within(castle).getByRole('link', { name: 'Royal Castle 🏰 Bounce House' }),
    ).toHaveAttribute('href', `/products/${ids.castle}`);
    expect(within(table).getByRole('row', { name: /Attendant/ })).toHaveTextContent('$40 / hour');
    const stakes = within(table).getByRole('row', { name: /Stakes/ });
    expect(stakes).toHaveTextContent('$25');
    expect(stakes).toHaveTextContent('Not in store');
  });

  it('offers New Product in the header, leading to /products/new', async () => {
    inventoryServer();
    renderApp('/products');

    const button = await screen.findByRole('link', { name: 'New Product' }, PAGE_LOAD);
    expect(button).toHaveAttribute('href', '/products/new');
  });

  it('disables New Product for someone who may only read products', async () => {
    inventoryServer({}, ['tentpole:product.read']);
    renderApp('/products');

    await screen.findByRole('table', { name: 'Products' }, PAGE_LOAD);
    expect(screen.getByRole('button', { name: 'New Product' })).toBeDisabled();
  });

  it('reads the category and status from the URL, and puts a new filter in it on page 1', async () => {
    const { requests } = inventoryServer();
    const { router } = renderApp(`/products?categoryId=${ids.castles}&status=archived&page=2`);
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Products' }, PAGE_LOAD);
    expect(listRequests(requests)[0]).toEqual({
      status: 'archived',
      page: '2',
      pageSize: '50',
      categoryId: ids.castles,
    });
    expect(screen.getByRole('button', { name: 'Archived' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ categoryId: ids.castles }));
    await user.selectOptions(screen.getByLabelText('Category'), 'All categories');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(listRequests(requests).at(-1)).toEqual({ status: 'active', page: '1', pageSize: '50' });
  });

  it('lists what is in maintenance today, linked to the product', async () => {
    inventoryServer();
    renderApp('/products');

    const panel = await screen.findByRole('region', { name: 'In maintenance today' }, PAGE_LOAD);
    expect(await within(panel).findByRole('link', { name: /Royal Castle/ })).toHaveAttribute(
      'href',
      `/products/${ids.castle}`,
    );
    expect(panel).toHaveTextContent('Castle #1');
    expect(panel).toHaveTextContent('Repair · Out of stock');
  });

  it('says so when there are no products yet, with New Product for a writer', async () => {
    inventoryServer({
      'GET /api/products': () => Response.json({ products: [], total: 0, page: 1, pageSize: 50 }),
    });
    renderApp('/products');

    expect(await screen.findByText('No products yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New Product' })).toHaveLength(2);
  });
});
