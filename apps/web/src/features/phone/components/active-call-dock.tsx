import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useVoicePhone } from './voice-phone-provider';

/** Where the shell docks the call in progress: under its header (see the app shell). */
export const ACTIVE_CALL_DOCK_ID = 'active-call-dock';

// The panel (caller card, hold for caller, keypad, audio) loads with the first call: a first
// visit does not download it.
const ActiveCall = lazy(() =>
  import('./active-call-panel').then((m) => ({ default: m.ActiveCall })),
);

/**
 * The call in progress on every page: who, time, quality, mute, keypad, hang up; docked in
 * the shell's slot under the header (a page without the slot shows it in place).
 */
export function ActiveCallPanel() {
  const { phone, snapshot } = useVoicePhone();
  const [dock, setDock] = useState<HTMLElement | null>(null);
  useEffect(() => setDock(document.getElementById(ACTIVE_CALL_DOCK_ID)), []);
  if (!phone || !snapshot.active) return null;
  const panel = (
    <Suspense fallback={null}>
      <ActiveCall key={snapshot.active.id} phone={phone} call={snapshot.active} />
    </Suspense>
  );
  return dock ? createPortal(panel, dock) : panel;
}
