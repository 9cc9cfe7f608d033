import type { Category } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import {
  buildCategoryTree,
  categoryAndDescendants,
  flattenCategoryTree,
  movedPosition,
  withCategoryMoved,
} from './category-tree';

const category = (id: string, parentId: string | null, position: number): Category => ({
  id,
  name: id,
  slug: id,
  parentId,
  description: null,
  showInStore: true,
  position,
  imageUrl: null,
  productCount: 0,
});

const list = [
  category('tents', null, 1),
  category('inflatables', null, 0),
  category('water-slides', 'inflatables', 1),
  category('castles', 'inflatables', 0),
  category('frame-tents', 'tents', 0),
  category('lost', 'deleted-parent', 0),
];

describe('buildCategoryTree', () => {
  it('nests children under parents, each level in position order', () => {
    const flat = flattenCategoryTree(buildCategoryTree(list)).map(
      (node) => `${node.depth}:${node.id}`,
    );
    expect(flat).toEqual([
      '0:inflatables',
      '1:castles',
      '1:water-slides',
      '0:lost',
      '0:tents',
      '1:frame-tents',
    ]);
  });
});

describe('categoryAndDescendants', () => {
  it('names the category and everything under it, none of which may become its parent', () => {
    expect(categoryAndDescendants(buildCategoryTree(list), 'inflatables')).toEqual(
      new Set(['inflatables', 'castles', 'water-slides']),
    );
  });
});

describe('movedPosition', () => {
  const siblings = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('moves one place up or down among siblings', () => {
    expect(movedPosition(siblings, 'b', 'up')).toBe(0);
    expect(movedPosition(siblings, 'b', 'down')).toBe(2);
  });
  it('goes nowhere past either end', () => {
    expect(movedPosition(siblings, 'a', 'up')).toBeNull();
    expect(movedPosition(siblings, 'c', 'down')).toBeNull();
  });
});

describe('withCategoryMoved', () => {
  it('puts the category at the position among its siblings and renumbers them, leaving others', () => {
    const siblings = [category('a', 'p', 0), category('b', 'p', 1), category('c', 'p', 2)];
    const other = category('x', null, 5);
    const moved = withCategoryMoved([...siblings, other], 'c', 0);
    expect(
      flattenCategoryTree(buildCategoryTree(moved.filter((node) => node.parentId === 'p'))).map(
        (node) => node.id,
      ),
    ).toEqual(['c', 'a', 'b']);
    expect(moved.find((node) => node.id === 'x')).toBe(other);
  });
});
