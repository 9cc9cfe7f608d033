import { describe, expect, it } from 'vitest';
import { sumLoadList } from './load-list';

describe('sumLoadList (back-office spec §7.4)', () => {
  it('adds up each product across stops and its components under it, largest first', () => {
    expect(
      sumLoadList([
        { description: 'Chair', quantity: 40, components: [] },
        {
          description: 'Castle',
          quantity: 1,
          components: [
            { description: 'Blower', quantity: 1 },
            { description: 'Stake', quantity: 4 },
          ],
        },
        { description: 'Chair', quantity: 20, components: [] },
        {
          description: 'Castle',
          quantity: 2,
          components: [
            { description: 'Blower', quantity: 2 },
            { description: 'Sandbag', quantity: 8 },
          ],
        },
      ]),
    ).toEqual([
      { description: 'Chair', quantity: 60, components: [] },
      {
        description: 'Castle',
        quantity: 3,
        components: [
          { description: 'Sandbag', quantity: 8 },
          { description: 'Stake', quantity: 4 },
          { description: 'Blower', quantity: 3 },
        ],
      },
    ]);
  });

  it('is empty for no stops', () => {
    expect(sumLoadList([])).toEqual([]);
  });
});
