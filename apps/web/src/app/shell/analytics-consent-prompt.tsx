import { BarChart3 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { Button } from '@/components/ui/button';

/**
 * Asks before any analytics is sent (spec §4: consent pending, denied, granted). Shown only
 * when an analytics service is configured and the visitor has not answered yet.
 */
export function AnalyticsConsentPrompt() {
  const { analyticsConfigured, consent } = useInstrumentation();
  const state = useSyncExternalStore(consent.subscribe, consent.get);
  if (!analyticsConfigured || state !== 'pending') return null;

  return (
    <section
      aria-label="Analytics consent"
      className="fixed right-4 bottom-4 left-4 z-40 rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl sm:left-auto sm:max-w-sm print:hidden"
    >
      <div className="flex gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary-ink">
          <BarChart3 aria-hidden="true" className="size-4" />
        </span>
        <div className="grid gap-1">
          <h2 className="text-sm font-semibold">Help us improve Tentpole</h2>
          <p className="text-sm text-muted-foreground">
            May we record which pages you use? Nothing is sent unless you allow it.
          </p>
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => consent.set('denied')}>
          No thanks
        </Button>
        <Button size="sm" onClick={() => consent.set('granted')}>
          Allow analytics
        </Button>
      </div>
    </section>
  );
}
