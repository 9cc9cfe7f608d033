import type { Category } from '@tentpole/domain';

export type CategoryNode = Category & { depth: number; children: CategoryNode[] };

const byPosition = (a: Category, b: Category) => a.position - b.position;

/**
 * The categories as a tree, siblings in their order. A category whose parent is not in the
 * list (it never should be) stands at the top rather than vanishing.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const ids = new Set(categories.map((category) => category.id));
  const childrenOf = new Map<string | null, Category[]>();
  for (const category of categories) {
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), category]);
  }
  const build = (parent: string | null, depth: number, seen: Set<string>): CategoryNode[] =>
    [...(childrenOf.get(parent) ?? [])].sort(byPosition).flatMap((category) => {
      if (seen.has(category.id)) return []; // a cycle in bad data: show each once
      seen.add(category.id);
      return [{ ...category, depth, children: build(category.id, depth + 1, seen) }];
    });
  return build(null, 0, new Set());
}

/** The tree in reading order, each with its depth: for a parent select's options. */
export function flattenCategoryTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenCategoryTree(node.children)]);
}

/** The category and everything under it: none of them can become its parent. */
export function categoryAndDescendants(nodes: readonly CategoryNode[], id: string): Set<string> {
  const found = flattenCategoryTree(nodes).find((node) => node.id === id);
  return new Set(found ? flattenCategoryTree([found]).map((node) => node.id) : [id]);
}

/** A category's name indented by its depth, for a native select's option. */
export function indentedName(node: Pick<CategoryNode, 'name' | 'depth'>): string {
  return `${'\u2003'.repeat(node.depth)}${node.name}`;
}

/**
 * The position (0 first, among its siblings) a category moves to one place up or down, or
 * null at the end it cannot pass.
 */
export function movedPosition(
  siblings: readonly Pick<Category, 'id'>[],
  id: string,
  direction: 'up' | 'down',
): number | null {
  const index = siblings.findIndex((sibling) => sibling.id === id);
  if (index === -1) return null;
  const next = direction === 'up' ? index - 1 : index + 1;
  return next < 0 || next >= siblings.length ? null : next;
}

/**
 * The list after moving a category to `position` among its siblings, with every sibling's
 * position renumbered, as the server does it: shown at once while the PATCH is on its way.
 */
export function withCategoryMoved(
  categories: readonly Category[],
  id: string,
  position: number,
): Category[] {
  const moving = categories.find((category) => category.id === id);
  if (!moving) return [...categories];
  const siblings = categories
    .filter((category) => category.parentId === moving.parentId && category.id !== id)
    .sort(byPosition);
  siblings.splice(Math.max(0, Math.min(position, siblings.length)), 0, moving);
  const positions = new Map(siblings.map((category, index) => [category.id, index]));
  return categories.map((category) => {
    const next = positions.get(category.id);
    return next === undefined ? category : { ...category, position: next };
  });
}
