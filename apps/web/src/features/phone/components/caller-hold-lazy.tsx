import { type ComponentProps, lazy, Suspense } from 'react';
import type { CallerHold as CallerHoldComponent } from './caller-hold';

// The active-call panel is in every page's first visit; "Hold for caller" (with the orders'
// API it acts through) loads when a call first shows it, as the caller card does.
const Hold = lazy(() => import('./caller-hold').then((m) => ({ default: m.CallerHold })));

/** "Hold for caller", loaded on first use (issue 24 item 2). */
export function LazyCallerHold(props: ComponentProps<typeof CallerHoldComponent>) {
  return (
    <Suspense fallback={null}>
      <Hold {...props} />
    </Suspense>
  );
}
