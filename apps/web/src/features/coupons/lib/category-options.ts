import type { Category } from '@tentpole/domain';

export type CategoryOption = { id: string; name: string; depth: number };

/**
 * The categories in tree order, each under its parent with its depth, for the coupon's picker.
 * A category whose parent is not in the list sits at the top.
 */
export function categoryOptions(categories: readonly Category[]): CategoryOption[] {
  const ids = new Set(categories.map((category) => category.id));
  const children = new Map<string | null, Category[]>();
  for (const category of categories) {
    const parent =
      category.parentId !== null && ids.has(category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const options: CategoryOption[] = [];
  const visit = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position);
    for (const category of siblings) {
      options.push({ id: category.id, name: category.name, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}
