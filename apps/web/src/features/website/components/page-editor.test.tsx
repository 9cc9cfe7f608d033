import type { WebsitePageResponse } from '@tentpole/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import {
  APP_TEST,
  aboutPage,
  homePage,
  ids,
  PAGE_LOAD,
  websiteServer,
} from '../test/website-fixtures';

const ABOUT = `/api/website/pages/${ids.about}`;

/** Saves answer with the draft as sent, now with unpublished changes. */
function savingServer(
  over: Parameters<typeof websiteServer>[0] = {},
  options?: Parameters<typeof websiteServer>[1],
) {
  return websiteServer(
    {
      [`PUT ${ABOUT}`]: ({ json }) =>
        Response.json({ ...aboutPage, ...(json as object), state: 'changed' }),
      ...over,
    },
    options,
  );
}

const puts = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'PUT');
const sent = (request: FakeRequest | undefined) => request?.json as WebsitePageResponse;
const card = (name: string) => screen.getByRole('listitem', { name });

async function openEditor() {
  renderApp(`/website/pages/${ids.about}`);
  await screen.findByRole('list', { name: 'Sections' }, PAGE_LOAD);
  return userEvent.setup();
}

async function addSection(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: 'Add section' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe('the page editor (back-office spec §10)', APP_TEST, () => {
  it('adds a text section and saves the draft once, after typing pauses, then reloads the preview', async () => {
    const { requests } = savingServer();
    const user = await openEditor();
    const preview = screen.getByTitle(`Preview of ${aboutPage.title}`);
    expect(preview).toHaveAttribute('src', `${ABOUT}/preview`);

    await addSection(user, 'Text');
    const text = card('Text 2');
    // The new section's first field has the keyboard.
    await waitFor(() => expect(within(text).getByLabelText(/Heading/)).toHaveFocus());
    await user.type(within(text).getByLabelText('Text'), 'We bring the party.');

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0]).sections).toEqual([
      aboutPage.sections[0],
      aboutPage.sections[1],
      { id: expect.any(String), type: 'text', heading: '', body: 'We bring the party.' },
    ]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // The frame was drawn again from the saved draft.
    expect(screen.getByTitle(`Preview of ${aboutPage.title}`)).not.toBe(preview);
  });

  it('shows a missing field beside it and sends nothing until it is filled in', async () => {
    const { requests } = savingServer();
    const user = await openEditor();

    await addSection(user, 'FAQ');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const faq = card('FAQ 2');
    expect(await within(faq).findByText('Enter the question')).toBeInTheDocument();
    expect(within(faq).getByLabelText('Question')).toHaveAccessibleDescription(
      'Enter the question',
    );
    expect(screen.getByText('Not saved: check the fields marked.')).toBeInTheDocument();
    expect(puts(requests)).toEqual([]);

    await user.type(within(faq).getByLabelText('Question'), 'Do you set up?');
    expect(within(faq).queryByText('Enter the question')).toBeNull();
    await user.type(within(faq).getByLabelText('Answer'), 'Always.');
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
  });

  it('saves a new item once its second field is filled, after a pause marked the first save', async () => {
    const { requests } = savingServer();
    const user = await openEditor();

    await addSection(user, 'FAQ');
    const faq = card('FAQ 2');
    await user.type(within(faq).getByLabelText('Question'), 'Do you set up?');
    // The pause saves, and the empty answer is marked.
    expect(await screen.findByText('Not saved: check the fields marked.')).toBeInTheDocument();
    expect(within(faq).getByText('Enter the answer')).toBeInTheDocument();

    await user.type(within(faq).getByLabelText('Answer'), 'Always.');
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sent(puts(requests)[0]).sections.at(-1)).toMatchObject({
      type: 'faq',
      items: [{ question: 'Do you set up?', answer: 'Always.' }],
    });
  });

  it("puts the server's field errors beside the right field of the right section", async () => {
    savingServer({
      [`PUT ${ABOUT}`]: () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the fields',
              fields: {
                'sections.1.items.0.answer': ['The answer must be at most 5000 characters'],
                slug: ['Another page has this address'],
              },
            },
          },
          { status: 400 },
        ),
    });
    const user = await openEditor();

    await user.type(within(card('Text')).getByLabelText('Text'), ' Since 1999.');
    const answer = await within(card('FAQ')).findByText(
      'The answer must be at most 5000 characters',
    );
    expect(answer).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(
      'Another page has this address',
    );
    expect(screen.getByText('Not saved: check the fields marked.')).toBeInTheDocument();
  });

  it('moves a section with the keyboard, keeping focus on its button, and saves the new order', async () => {
    const { requests } = savingServer();
    const user = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Move Text down' }));

    const names = within(screen.getByRole('list', { name: 'Sections' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['FAQ', 'Text']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Text up' })).toHaveFocus());
    expect(screen.getByText('Text moved to position 2 of 2.')).toBeInTheDocument();
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0]).sections.map((section) => section.id)).toEqual(['ask', 'intro']);
  });

  it("reorders a gallery's images with the keyboard, focus following the image, and saves the order", async () => {
    const second = '00000000-0000-4000-8000-0000000000f2';
    const gallery = {
      ...aboutPage,
      sections: [
        {
          id: 'pics',
          type: 'gallery' as const,
          heading: 'Our tents',
          images: [
            { imageId: ids.image, alt: 'The big top' },
            { imageId: second, alt: 'A bounce house' },
          ],
        },
      ],
    };
    const { requests } = savingServer({ [`GET ${ABOUT}`]: () => Response.json(gallery) });
    const user = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Move image 1 down' }));

    expect(screen.getByLabelText(/Image 1 description/)).toHaveValue('A bounce house');
    expect(screen.getByLabelText(/Image 2 description/)).toHaveValue('The big top');
    // The image moved to the end: its Move down is disabled, so focus is on its Move up.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move image 2 up' })).toHaveFocus(),
    );
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    const [saved] = sent(puts(requests)[0]).sections;
    expect(saved?.type === 'gallery' && saved.images.map((image) => image.imageId)).toEqual([
      second,
      ids.image,
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByLabelText(/Image \d description/)).toHaveLength(1);
    expect(screen.getByLabelText(/Image 1 description/)).toHaveValue('The big top');
  });

  it("moves a section by dragging its handle onto another section's place", async () => {
    const { requests } = savingServer();
    await openEditor();

    const handle = within(card('FAQ'))
      .getByRole('heading', { name: 'FAQ' })
      .closest('[draggable="true"]') as HTMLElement;
    const dataTransfer = { setData: () => {}, setDragImage: () => {}, effectAllowed: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(card('Text'), { dataTransfer });
    fireEvent.drop(card('Text'), { dataTransfer });

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0]).sections.map((section) => section.id)).toEqual(['ask', 'intro']);
  });

  it('removes a section, with an undo', async () => {
    const { requests } = savingServer();
    const user = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Remove Text' }));
    expect(screen.queryByRole('listitem', { name: 'Text' })).toBeNull();
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0]).sections.map((section) => section.id)).toEqual(['ask']);

    // A click without the pointer's press: sonner's toast captures the pointer, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(card('Text')).toBeInTheDocument();
  });

  it("uploads the hero's image and saves its id, showing it from the builder's image address", async () => {
    const { requests } = websiteServer({
      'POST /api/website/images': () =>
        Response.json(
          { id: ids.image, url: `/s/party-co/site-images/${ids.image}` },
          { status: 201 },
        ),
      [`PUT /api/website/pages/${ids.home}`]: ({ json }) =>
        Response.json({ ...homePage, ...(json as object), state: 'changed' }),
    });
    renderApp(`/website/pages/${ids.home}`);
    const user = userEvent.setup();
    const hero = await screen.findByRole('listitem', { name: 'Hero' }, PAGE_LOAD);
    // The home page's address is the store's.
    expect(screen.queryByLabelText('Address')).toBeNull();

    const file = new File(['png'], 'bounce.png', { type: 'image/png' });
    await user.upload(within(hero).getByLabelText('Upload image'), file);

    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/website/images')?.formData?.get('file')).toBe(
      file,
    );
    const [saved] = sent(puts(requests)[0]).sections;
    expect(saved).toMatchObject({ type: 'hero', imageId: ids.image });
    expect(sent(puts(requests)[0])).not.toHaveProperty('slug');
    expect(hero.querySelector('img')).toHaveAttribute('src', `/api/website/images/${ids.image}`);
    expect(within(hero).getByLabelText('Replace image')).toBeInTheDocument();
  });

  it('publishes the saved draft, saving pending edits first', async () => {
    const { requests } = savingServer({
      [`POST ${ABOUT}/publish`]: () =>
        Response.json({ ...aboutPage, title: 'About us', state: 'published' }),
    });
    const user = await openEditor();

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'About us');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(
        requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
      ).toEqual([`PUT ${ABOUT}`, `POST ${ABOUT}/publish`]),
    );
    expect(sent(puts(requests).at(-1)).title).toBe('About us');
    expect(await screen.findByText('About us is published.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Published' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /View live page/ })).toHaveAttribute(
      'href',
      '/s/party-co/pages/about-us',
    );
  });

  it('shows everything to someone who may only read the website, with nothing to change it', async () => {
    websiteServer({}, { roles: ['tentpole:website.read'] });
    await openEditor();

    expect(screen.getByLabelText('Title')).toHaveAttribute('readonly');
    expect(within(card('Text')).getByLabelText('Text')).toHaveValue('A family business.');
    expect(within(card('Text')).getByLabelText('Text')).toHaveAttribute('readonly');
    for (const name of ['Add section', 'Publish', 'Save draft', 'Move Text down', 'Remove Text']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Add question' })).toBeNull();
    expect(screen.getByText(/changing it needs the website.write permission/)).toBeInTheDocument();
  });
});
