import type { Category } from '@tentpole/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { APP_TEST, categories, ids, inventoryServer, PAGE_LOAD } from '../test/inventory-fixtures';

function categoriesServer(roles?: string[]) {
  let list: Category[] = categories;
  return inventoryServer(
    {
      'GET /api/categories': () => Response.json({ categories: list }),
      // Answers after a while, as a real server does: the list has moved before it answers.
      [`PATCH /api/categories/${ids.inflatables}`]: async ({ json }) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const { position } = json as { position: number };
        list = list.map((category) =>
          category.id === ids.inflatables
            ? { ...category, position }
            : category.id === ids.tents
              ? { ...category, position: 1 - position }
              : category,
        );
        const saved = list.find((category) => category.id === ids.inflatables);
        return Response.json({ category: saved });
      },
      'POST /api/categories': ({ json }) =>
        Response.json(
          { category: { ...categories[0], id: 'new', ...(json as object) } },
          { status: 201 },
        ),
      [`POST /api/categories/${ids.castles}/image`]: () =>
        Response.json({ category: { ...categories[2], imageUrl: '/f/castles.png' } }),
    },
    roles,
  );
}

const topLevelNames = () =>
  within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Categories')
    .map((item) => item.querySelector('.font-medium')?.textContent);

describe('categories (back-office spec §3)', APP_TEST, () => {
  it('shows the tree: children inside their parent, with product counts', async () => {
    categoriesServer();
    renderApp('/categories');

    const inside = await screen.findByRole('list', { name: 'In Inflatables' }, PAGE_LOAD);
    expect(inside).toHaveTextContent('Castles');
    expect(inside).toHaveTextContent('1 product');
    expect(topLevelNames()).toEqual(['Inflatables', 'Tents']);
  });

  it('moves a category down with its keyboard button, saving its position and saying so', async () => {
    const { requests } = categoriesServer();
    renderApp('/categories');
    const user = userEvent.setup();

    const up = await screen.findByRole('button', { name: 'Move Inflatables up' }, PAGE_LOAD);
    expect(up).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Inflatables down' }));

    await waitFor(() => expect(topLevelNames()).toEqual(['Tents', 'Inflatables']));
    expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({ position: 1 });
    expect(await screen.findByText('Inflatables moved to position 2 of 2.')).toBeInTheDocument();
    // Last now, it cannot go further down: the keyboard is left on its Move up.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Inflatables up' })).toHaveFocus(),
    );
  });

  it('moves a category by dragging it onto a sibling', async () => {
    const { requests } = categoriesServer();
    renderApp('/categories');

    await screen.findByRole('list', { name: 'In Inflatables' }, PAGE_LOAD);
    const rowOf = (name: string) =>
      screen.getByText(name, { selector: '.font-medium' }).closest('[draggable]') as HTMLElement;
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(rowOf('Inflatables'), { dataTransfer });
    fireEvent.dragOver(rowOf('Tents'), { dataTransfer });
    fireEvent.drop(rowOf('Tents'), { dataTransfer });

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({ position: 1 }),
    );
  });

  it('creates a category under a parent from the header button', async () => {
    const { requests } = categoriesServer();
    renderApp('/categories');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'New Category' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Water Slides');
    await user.selectOptions(within(dialog).getByLabelText('Parent'), ids.inflatables);
    await user.click(within(dialog).getByRole('switch', { name: 'Show in store' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      name: 'Water Slides',
      parentId: ids.inflatables,
      description: null,
      showInStore: false,
    });
  });

  it("uploads a category's image from its editor", async () => {
    const { requests } = categoriesServer();
    renderApp('/categories');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Castles' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    const file = new File(['jpg'], 'castles.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Upload image'), file);

    await waitFor(() =>
      expect(
        requests
          .find((r) => r.path === `/api/categories/${ids.castles}/image`)
          ?.formData?.get('file'),
      ).toBe(file),
    );
  });

  it('offers no reordering or editing to someone who may only read products', async () => {
    categoriesServer(['tentpole:product.read']);
    renderApp('/categories');

    await screen.findByRole('list', { name: 'In Inflatables' }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Category' })).toBeDisabled();
  });
});
