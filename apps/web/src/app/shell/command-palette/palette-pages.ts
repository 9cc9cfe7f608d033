import { useRouter } from '@tanstack/react-router';
import type { NavItem } from '@tentpole/domain';
import { useMemo } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { mayOpenUrl } from '@/app/providers/page-access';
import { type NavSection, useNavigation } from '../navigation';

/** A page the palette offers: a sidebar destination. */
export type PalettePage = {
  title: string;
  url: string;
  /** The sidebar item it sits under ('Settings' for Billing), shown beside it. */
  parent?: string;
};

/**
 * Every sidebar destination once, in the sidebar's order. Search is the palette itself; a
 * parent whose url is one of its children's (Inventory is Products) is that child.
 */
export function sidebarDestinations(sections: readonly NavSection[]): PalettePage[] {
  const pages = new Map<string, PalettePage>();
  const add = (item: NavItem, parent?: string) => {
    if (item.action === 'command-palette') return;
    const children = item.items ?? [];
    if (!pages.has(item.url) && !children.some((child) => child.url === item.url)) {
      pages.set(item.url, { title: item.title, url: item.url, ...(parent ? { parent } : {}) });
    }
    for (const child of children) add(child, item.title);
  };
  for (const section of sections) for (const item of section.items) add(item);
  return [...pages.values()];
}

/**
 * The sidebar's destinations the signed-in user may open: the permissions each page's route
 * declares, as the page itself checks them. (The sidebar shows every Platform item and lets
 * the page say "no access"; a palette that offers a page the user cannot open helps no one.)
 */
export function usePalettePages(): PalettePage[] {
  const router = useRouter();
  const { user } = useAuthenticatedSession();
  const sections = useNavigation();
  return useMemo(
    () => sidebarDestinations(sections).filter((page) => mayOpenUrl(router, user.roles, page.url)),
    [router, sections, user.roles],
  );
}
