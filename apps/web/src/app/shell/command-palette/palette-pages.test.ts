import { BACK_OFFICE_ITEMS, PLATFORM_ITEMS, QUICK_LINKS } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { sidebarDestinations } from './palette-pages';

describe('the sidebar destinations the palette offers', () => {
  const pages = sidebarDestinations([
    { items: QUICK_LINKS },
    { label: 'Platform', items: PLATFORM_ITEMS },
    { label: 'Back Office', items: BACK_OFFICE_ITEMS },
  ]);

  it('leaves out Search (the palette itself) and lists each url once', () => {
    expect(pages.find((page) => page.title === 'Search')).toBeUndefined();
    expect(pages.filter((page) => page.url === '/')).toEqual([{ title: 'Home', url: '/' }]);
    expect(new Set(pages.map((page) => page.url)).size).toBe(pages.length);
  });

  it('offers Inventory as its Products page, and children under their parent', () => {
    expect(pages.find((page) => page.title === 'Inventory')).toBeUndefined();
    expect(pages.filter((page) => page.parent === 'Inventory')).toEqual([
      { title: 'Products', url: '/products', parent: 'Inventory' },
      { title: 'Categories', url: '/categories', parent: 'Inventory' },
      { title: 'Setup Surface', url: '/surface', parent: 'Inventory' },
    ]);
    expect(pages.find((page) => page.url === '/account?tab=voice')).toEqual({
      title: 'Reach',
      url: '/account?tab=voice',
      parent: 'Settings',
    });
  });
});
