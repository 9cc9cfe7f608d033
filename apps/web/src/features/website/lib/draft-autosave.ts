export type AutosaveState =
  /** Everything is saved. */
  | 'saved'
  /** Edits wait for the pause in typing before they are saved. */
  | 'pending'
  | 'saving'
  /** The last save failed; `error` says why. */
  | 'failed';

export type AutosaveStatus = { state: AutosaveState; error: unknown };

type DraftAutosaveOptions<T> = {
  /** How long edits must pause before they are saved. */
  delayMs: number;
  /** Saves the value; throws when it could not be saved. */
  save: (value: T) => Promise<void>;
  onStatus: (status: AutosaveStatus) => void;
};

/**
 * Saves a draft a while after the last edit, one save at a time: an edit made while a save is
 * under way is saved after it. `flush` saves at once (Save draft, Publish, Try again).
 */
export class DraftAutosave<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private version = 0;
  private savedVersion = 0;
  /** The version the last save tried, so a failed edit is not sent again on its own. */
  private triedVersion = 0;
  private running: Promise<boolean> | null = null;
  private status: AutosaveStatus = { state: 'saved', error: null };

  constructor(
    private value: T,
    private readonly options: DraftAutosaveOptions<T>,
  ) {}

  /** Edits not saved yet (waiting, being sent, or refused). */
  get dirty(): boolean {
    return this.version !== this.savedVersion;
  }

  get saving(): boolean {
    return this.running !== null;
  }

  change(value: T): void {
    this.value = value;
    this.version += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush({ retry: false }), this.options.delayMs);
    if (!this.running) this.setStatus('pending', null);
  }

  /**
   * Saves the edits now, after any save under way. Resolves true when everything is saved.
   * `retry: false` (the timer's) does not send again an edit that was just refused.
   */
  async flush({ retry = true }: { retry?: boolean } = {}): Promise<boolean> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    if (!this.dirty) return true;
    if (!retry && this.triedVersion === this.version) return false;
    const version = this.version;
    this.triedVersion = version;
    this.setStatus('saving', null);
    let failure: unknown = null;
    const running = this.options.save(this.value).then(
      () => {
        this.savedVersion = Math.max(this.savedVersion, version);
        return true;
      },
      (error: unknown) => {
        failure = error;
        return false;
      },
    );
    this.running = running;
    const saved = await running;
    this.running = null;
    if (!saved) {
      this.setStatus('failed', failure);
      return false;
    }
    this.setStatus(this.dirty ? 'pending' : 'saved', null);
    // Edits made meanwhile: an explicit save saves them too; the timer has its own turn.
    if (this.dirty && retry) return this.flush({ retry });
    return !this.dirty;
  }

  /** Stops the timer (the editor closed); nothing more is saved. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  private setStatus(state: AutosaveState, error: unknown) {
    if (this.status.state === state && this.status.error === error) return;
    this.status = { state, error };
    this.options.onStatus(this.status);
  }
}
