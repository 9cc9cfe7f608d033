import { describe, expect, it } from 'vitest';
import { callerHoldWindow } from './caller-hold-window';

describe('callerHoldWindow (issue 24 item 2)', () => {
  it('reads the day and times where the business is', () => {
    expect(callerHoldWindow('2099-06-13', '10:00', '18:00', 'America/Chicago')).toEqual({
      start: '2099-06-13T15:00:00.000Z',
      end: '2099-06-13T23:00:00.000Z',
    });
    expect(callerHoldWindow('2099-01-13', '10:00', '18:00', 'America/Chicago')).toEqual({
      start: '2099-01-13T16:00:00.000Z',
      end: '2099-01-14T00:00:00.000Z',
    });
  });

  it('is null while incomplete, and says when the party ends before it starts', () => {
    expect(callerHoldWindow('', '10:00', '18:00', 'America/Chicago')).toBeNull();
    expect(callerHoldWindow('2099-06-13', '', '18:00', 'America/Chicago')).toBeNull();
    expect(callerHoldWindow('2099-06-13', '18:00', '10:00', 'America/Chicago')).toBe(
      'endsBeforeStart',
    );
  });
});
