import { describe, expect, it } from 'vitest';
import { pickChanged } from './pick-changed';

describe('pickChanged', () => {
  it('keeps only the changed fields, a null included', () => {
    expect(
      pickChanged({ name: 'Tent', description: null, showInStore: true }, ['name', 'description']),
    ).toEqual({ name: 'Tent', description: null });
  });

  it('is empty when nothing changed', () => {
    expect(pickChanged({ name: 'Tent' }, [])).toEqual({});
  });
});
