import { type ComponentProps, lazy, Suspense } from 'react';
import type { CallerCard as CallerCardComponent } from './caller-card';

// The Incoming Call dialog and the active-call panel are in every page's first visit; the card
// (with the orders' API it acts through) loads when a call first shows one, so the first visit
// stays within its JavaScript budget.
const Card = lazy(() => import('./caller-card').then((m) => ({ default: m.CallerCard })));

/** The caller card, loaded on first use (issue 24 item 1). */
export function LazyCallerCard(props: ComponentProps<typeof CallerCardComponent>) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}
