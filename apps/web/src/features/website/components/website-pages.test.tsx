import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  aboutPage,
  faqPage,
  ids,
  PAGE_LOAD,
  websiteServer,
} from '../test/website-fixtures';

const pageList = () => screen.findByRole('list', { name: 'Pages' }, PAGE_LOAD);
const rowOf = (list: HTMLElement, title: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(title)) as HTMLElement;

describe('the website builder’s pages (back-office spec §10)', APP_TEST, () => {
  it('lists the home page first, each page with its state, and links the live ones', async () => {
    websiteServer();
    renderApp('/website');

    const list = await pageList();
    const titles = within(list)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/website/pages/'))
      .map((link) => link.textContent);
    expect(titles).toEqual(['Home', aboutPage.title, 'FAQ']);
    expect(rowOf(list, 'Home')).toHaveTextContent('Published');
    expect(rowOf(list, aboutPage.title)).toHaveTextContent('Unpublished changes');
    expect(rowOf(list, 'FAQ')).toHaveTextContent('Draft');

    const live = within(rowOf(list, aboutPage.title)).getByRole('link', { name: /View live page/ });
    expect(live).toHaveAttribute('href', '/s/party-co/pages/about-us');
    expect(live).toHaveAttribute('target', '_blank');
    // A page never published has nothing live to open.
    expect(within(rowOf(list, 'FAQ')).queryByRole('link', { name: /View live page/ })).toBeNull();
    // The home page stays first: it has no move or delete buttons.
    expect(within(rowOf(list, 'Home')).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Cart sessions' })).toHaveAttribute(
      'href',
      '/website/carts',
    );
  });

  it('says when the store has no address yet and where to give it one', async () => {
    websiteServer({}, { storePath: null });
    renderApp('/website');

    const list = await pageList();
    expect(screen.getByText(/Your store has no address yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose one in Website Settings' })).toHaveAttribute(
      'href',
      '/account?tab=website',
    );
    expect(within(list).queryByRole('link', { name: /View live page/ })).toBeNull();
  });

  it('moves a page down with its keyboard button, saving the menu’s order with home first', async () => {
    const { requests } = websiteServer();
    renderApp('/website');
    const user = userEvent.setup();

    await pageList();
    const up = screen.getByRole('button', { name: `Move ${aboutPage.title} up` });
    expect(up).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Move ${aboutPage.title} down` }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
        ids: [ids.home, ids.faq, ids.about],
      }),
    );
    expect(
      await screen.findByText(`${aboutPage.title} moved to position 2 of 2.`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Move ${aboutPage.title} up` })).toHaveFocus(),
    );
  });

  it('moves a page by dragging it onto another page’s place, never above home', async () => {
    const { requests } = websiteServer();
    renderApp('/website');

    const list = await pageList();
    const row = (title: string) => rowOf(list, title).querySelector('[draggable]') as HTMLElement;
    expect(row('Home')).toHaveAttribute('draggable', 'false');
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(row('FAQ'), { dataTransfer });
    fireEvent.dragOver(row(aboutPage.title), { dataTransfer });
    fireEvent.drop(row(aboutPage.title), { dataTransfer });

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
        ids: [ids.home, ids.faq, ids.about],
      }),
    );
  });

  it('adds a page: the address follows the title, and the server’s refusal shows beside it', async () => {
    let taken = true;
    const { requests } = websiteServer({
      'POST /api/website/pages': ({ json }) => {
        if (taken) {
          taken = false;
          return Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Check the fields',
                fields: { slug: ['Another page has this address'] },
              },
            },
            { status: 400 },
          );
        }
        return Response.json(
          { ...faqPage, ...(json as object), path: '/s/party-co/pages/our-team' },
          { status: 201 },
        );
      },
    });
    renderApp('/website');
    const user = userEvent.setup();

    await pageList();
    await user.click(screen.getByRole('button', { name: 'Add page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Our Team!');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('our-team');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));

    const address = within(dialog).getByLabelText('Address');
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription('Another page has this address'),
    );
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      title: 'Our Team!',
      slug: 'our-team',
    });

    await user.clear(address);
    await user.type(address, 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    // The new page opens in the editor.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Team!' }, PAGE_LOAD),
    ).toBeInTheDocument();
  });

  it('deletes a page once confirmed', async () => {
    const { requests } = websiteServer({
      [`DELETE /api/website/pages/${ids.faq}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/website');
    const user = userEvent.setup();

    await pageList();
    await user.click(screen.getByRole('button', { name: 'Delete FAQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Page FAQ deleted.')).toBeInTheDocument();
  });

  it('offers no adding, reordering or deleting to someone who may only read the website', async () => {
    websiteServer({}, { roles: ['tentpole:website.read'] });
    renderApp('/website');

    const list = await pageList();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add page' })).toBeDisabled();
  });
});
