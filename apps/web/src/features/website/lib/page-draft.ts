import type {
  SaveWebsitePageInput,
  WebsitePageResponse,
  WebsiteSection,
  WebsiteSectionType,
} from '@tentpole/domain';
import { newSection, newSectionId } from './new-section';

/** What the editor edits: the page's draft, as PUT /api/website/pages/{id} takes it. */
export type PageDraft = {
  title: string;
  slug: string;
  seoTitle: string;
  seoDescription: string;
  sections: WebsiteSection[];
};

export function pageDraftOf(page: WebsitePageResponse): PageDraft {
  return {
    title: page.title,
    slug: page.slug ?? '',
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    sections: page.sections,
  };
}

/** The request body; the home page's address is the store's, so it sends none. */
export function saveInputOf(draft: PageDraft, isHome: boolean): SaveWebsitePageInput {
  const { slug, ...rest } = draft;
  return isHome ? rest : { ...rest, slug };
}

export function withSectionAdded(
  sections: readonly WebsiteSection[],
  type: WebsiteSectionType,
): WebsiteSection[] {
  const id = newSectionId(new Set(sections.map((section) => section.id)));
  return [...sections, newSection(type, id)];
}

export function withSectionRemoved(
  sections: readonly WebsiteSection[],
  id: string,
): WebsiteSection[] {
  return sections.filter((section) => section.id !== id);
}

/** The list with the item at `from` moved to `to` (both kept within the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

export function withSectionMoved(
  sections: readonly WebsiteSection[],
  id: string,
  to: number,
): WebsiteSection[] {
  return moved(
    sections,
    sections.findIndex((section) => section.id === id),
    to,
  );
}

/** The section with `patch` applied; its type cannot change. */
export function withSectionChanged<S extends WebsiteSection>(
  sections: readonly WebsiteSection[],
  id: string,
  patch: Partial<Omit<S, 'id' | 'type'>>,
): WebsiteSection[] {
  return sections.map((section) =>
    section.id === id ? ({ ...section, ...patch } as WebsiteSection) : section,
  );
}
