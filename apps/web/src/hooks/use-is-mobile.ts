import { MOBILE_BREAKPOINT_PX } from '@tentpole/domain';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function isMobileWidth(): boolean {
  return window.innerWidth < MOBILE_BREAKPOINT_PX;
}

/** spec §2, §9: mobile mode below 768px width. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileWidth);
}
