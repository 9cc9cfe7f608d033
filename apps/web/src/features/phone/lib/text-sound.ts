import { useSyncExternalStore } from 'react';

const MUTE_KEY = 'tentpole.reach.textSoundMuted';
const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the new-text sound is muted: this browser's choice, kept across visits and tabs. */
export function useTextSoundMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === MUTE_KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    readMuted,
    () => false,
  );
  return [muted, setTextSoundMuted];
}

export function setTextSoundMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, String(muted));
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

let context: AudioContext | null = null;

/**
 * A short two-note chime for a new text, made with Web Audio (no file to load). Browsers
 * keep audio off until the page has had a click or key press; before that it stays silent.
 */
export function playTextSound(): void {
  if (readMuted() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const start = audio.currentTime + 0.01;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1318.5],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
  } catch {
    // No audio output: the badge and the list still show the text.
  }
}
