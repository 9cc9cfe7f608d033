import { saveWebsitePageSchema, type WebsiteSection } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { newSection } from './new-section';
import {
  saveInputOf,
  withSectionAdded,
  withSectionChanged,
  withSectionMoved,
  withSectionRemoved,
} from './page-draft';

const text = (id: string, body: string): WebsiteSection => ({
  id,
  type: 'text',
  heading: '',
  body,
});
const three = [text('a', 'One'), text('b', 'Two'), text('c', 'Three')];
const ids = (sections: readonly WebsiteSection[]) => sections.map((section) => section.id);

describe("a page draft's sections", () => {
  it('adds a section of the chosen kind at the end, with an id the schema takes', () => {
    const sections = withSectionAdded(three, 'faq');
    expect(ids(sections).slice(0, 3)).toEqual(['a', 'b', 'c']);
    const added = sections[3];
    expect(added?.type).toBe('faq');
    expect(added?.id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(ids(sections.slice(0, 3))).not.toContain(added?.id);
  });

  it('removes only the section asked for', () => {
    expect(ids(withSectionRemoved(three, 'b'))).toEqual(['a', 'c']);
  });

  it('moves a section up, down and to a dropped place, within the page', () => {
    expect(ids(withSectionMoved(three, 'b', 0))).toEqual(['b', 'a', 'c']);
    expect(ids(withSectionMoved(three, 'b', 2))).toEqual(['a', 'c', 'b']);
    expect(ids(withSectionMoved(three, 'a', 2))).toEqual(['b', 'c', 'a']);
    // Past either end it stays at that end.
    expect(ids(withSectionMoved(three, 'a', -1))).toEqual(['a', 'b', 'c']);
    expect(ids(withSectionMoved(three, 'c', 3))).toEqual(['a', 'b', 'c']);
  });

  it('changes one section without touching the others', () => {
    const sections = withSectionChanged(three, 'b', { body: 'Deux' });
    expect(sections.map((section) => (section.type === 'text' ? section.body : ''))).toEqual([
      'One',
      'Deux',
      'Three',
    ]);
  });

  it('starts every kind of section in a shape the schema reads, filled in where it can be', () => {
    const draft = {
      title: 'About us',
      slug: 'about-us',
      seoTitle: '',
      seoDescription: '',
      sections: [newSection('booking_search', 'x1'), newSection('contact_form', 'x2')],
    };
    expect(saveWebsitePageSchema.safeParse(saveInputOf(draft, false)).success).toBe(true);
    // The home page's address is the store's: none is sent.
    expect(saveInputOf(draft, true)).not.toHaveProperty('slug');
  });
});
