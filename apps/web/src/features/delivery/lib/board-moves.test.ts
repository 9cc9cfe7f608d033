import { describe, expect, it } from 'vitest';
import { type Arrangement, moveStop, placeOf, shiftStop, togglePin } from './board-moves';

const day: Arrangement = [
  { vehicleId: 'a', stopIds: ['s1', 's2', 's3'], pinned: ['s2'] },
  { vehicleId: 'b', stopIds: ['s4'], pinned: [] },
];

describe('board moves', () => {
  it('moves a stop to the end of another route, dropping its pin', () => {
    expect(moveStop(day, 's2', 'b')).toEqual([
      { vehicleId: 'a', stopIds: ['s1', 's3'], pinned: [] },
      { vehicleId: 'b', stopIds: ['s4', 's2'], pinned: [] },
    ]);
  });

  it('drops a stop before another one, on its own route or another', () => {
    expect(moveStop(day, 's4', 'a', 1)[0]?.stopIds).toEqual(['s1', 's4', 's2', 's3']);
    // Down its own route: before s3, counted with s1 still in place.
    expect(moveStop(day, 's1', 'a', 2)[0]?.stopIds).toEqual(['s2', 's1', 's3']);
    expect(moveStop(day, 's3', 'a', 0)[0]?.stopIds).toEqual(['s3', 's1', 's2']);
  });

  it('takes a stop off every route to unassign it, and puts an unassigned one on', () => {
    const off = moveStop(day, 's4', null);
    expect(off[1]?.stopIds).toEqual([]);
    expect(placeOf(off, 's4')).toBeNull();
    expect(moveStop(off, 's4', 'a', 0)[0]?.stopIds).toEqual(['s4', 's1', 's2', 's3']);
  });

  it('shifts up and down, and not past either end', () => {
    expect(shiftStop(day, 's1', 1)[0]?.stopIds).toEqual(['s2', 's1', 's3']);
    expect(shiftStop(day, 's3', -1)[0]?.stopIds).toEqual(['s1', 's3', 's2']);
    expect(shiftStop(day, 's1', -1)).toBe(day);
    expect(shiftStop(day, 's3', 1)).toBe(day);
    // A stop keeps its pin when it moves within its route.
    expect(shiftStop(day, 's2', 1)[0]?.pinned).toEqual(['s2']);
  });

  it('pins and unpins a stop on its route', () => {
    expect(togglePin(day, 's1')[0]?.pinned).toEqual(['s2', 's1']);
    expect(togglePin(day, 's2')[0]?.pinned).toEqual([]);
  });
});
