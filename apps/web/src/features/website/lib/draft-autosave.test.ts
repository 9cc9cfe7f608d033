import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AutosaveStatus, DraftAutosave } from './draft-autosave';

function setup(save: (value: string) => Promise<void> = async () => {}) {
  const saves: string[] = [];
  const statuses: AutosaveStatus['state'][] = [];
  const autosave = new DraftAutosave('start', {
    delayMs: 800,
    save: async (value) => {
      saves.push(value);
      await save(value);
    },
    onStatus: (status) => statuses.push(status.state),
  });
  return { autosave, saves, statuses };
}

describe('saving a draft after edits pause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 800 ms after the last of several quick edits', async () => {
    const { autosave, saves, statuses } = setup();
    autosave.change('a');
    await vi.advanceTimersByTimeAsync(500);
    autosave.change('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(saves).toEqual([]);
    expect(autosave.dirty).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual(['ab']);
    expect(autosave.dirty).toBe(false);
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
  });

  it('saves an edit made during a save after that save, never two at once', async () => {
    let finish = () => {};
    const { autosave, saves } = setup(
      (value) =>
        new Promise<void>((resolve) => {
          finish = resolve;
          if (value === 'second') resolve();
        }),
    );
    autosave.change('first');
    await vi.advanceTimersByTimeAsync(800);
    expect(saves).toEqual(['first']);
    autosave.change('second');
    await vi.advanceTimersByTimeAsync(2_000);
    // The first is still being sent: the second waits for it.
    expect(saves).toEqual(['first']);

    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toEqual(['first', 'second']);
    expect(autosave.dirty).toBe(false);
  });

  it('does not send a refused edit again on its own, but Save draft (flush) does', async () => {
    let refuse = true;
    const { autosave, saves, statuses } = setup(async () => {
      if (refuse) throw new Error('refused');
    });
    autosave.change('bad');
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saves).toEqual(['bad']);

    refuse = false;
    await expect(autosave.flush()).resolves.toBe(true);
    expect(saves).toEqual(['bad', 'bad']);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('saves at once on flush, without waiting for the pause, and not again after it', async () => {
    const { autosave, saves } = setup();
    autosave.change('now');
    await expect(autosave.flush()).resolves.toBe(true);
    expect(saves).toEqual(['now']);
    await vi.advanceTimersByTimeAsync(800);
    expect(saves).toEqual(['now']);
  });
});
