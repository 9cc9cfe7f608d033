import type { LoadListLine } from './driver-day-schemas';

/**
 * back-office spec §7.4: a load list adds up the stops' items: each product once with its
 * total, and under it the total of each component it brings (a bundle's parts, an accessory,
 * a surface's stakes or sandbags). Largest quantity first, then by name.
 */
export function sumLoadList(items: readonly LoadListLine[]): LoadListLine[] {
  const byProduct = new Map<string, { quantity: number; components: Map<string, number> }>();
  for (const item of items) {
    const entry = byProduct.get(item.description) ?? { quantity: 0, components: new Map() };
    entry.quantity += item.quantity;
    for (const c of item.components)
      entry.components.set(c.description, (entry.components.get(c.description) ?? 0) + c.quantity);
    byProduct.set(item.description, entry);
  }
  const order = <T extends { description: string; quantity: number }>(a: T, b: T) =>
    b.quantity - a.quantity || a.description.localeCompare(b.description);
  return [...byProduct]
    .map(([description, { quantity, components }]) => ({
      description,
      quantity,
      components: [...components]
        .map(([name, n]) => ({ description: name, quantity: n }))
        .sort(order),
    }))
    .sort(order);
}
