import {
  type BannerColour,
  daysRemaining,
  TRIAL_BANNER_ACTION,
  trialBannerState,
} from '@tentpole/domain';
import { CalendarClock, X } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const colourClasses: Record<BannerColour, string> = {
  red: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-100',
  yellow:
    'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/50 dark:text-amber-100',
  blue: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/50 dark:text-sky-100',
};

const actionClasses: Record<BannerColour, string> = {
  red: 'bg-red-700 text-white hover:bg-red-700/90',
  yellow: 'bg-amber-900 text-white hover:bg-amber-900/90',
  blue: 'bg-sky-800 text-white hover:bg-sky-800/90',
};

const dismissalKeyPrefix = 'tentpole.trial-banner-dismissed:';

// A dismissal lasts for the browser session: sessionStorage ends with the tab.
function isDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(dismissalKeyPrefix + key) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal(key: string): void {
  try {
    sessionStorage.setItem(dismissalKeyPrefix + key, '1');
  } catch {
    // Without storage the banner is hidden until the next page load only.
  }
}

type TrialBannerProps = {
  accountId: string;
  trialEndDate: string | null;
};

/** spec §2, §4 Trial banner: by days remaining until the trial ends. */
export function TrialBanner({ accountId, trialEndDate }: TrialBannerProps) {
  if (trialEndDate === null) return null;
  const banner = trialBannerState(daysRemaining(trialEndDate, new Date()));
  if (banner === null) return null;
  // A more urgent message is a new banner: dismissing "in 5 days" does not hide "tomorrow".
  const dismissalKey = `${accountId}:${banner.message}`;
  return (
    <TrialBannerView
      key={dismissalKey}
      dismissalKey={dismissalKey}
      message={banner.message}
      colour={banner.colour}
      removable={banner.removable}
    />
  );
}

type TrialBannerViewProps = {
  dismissalKey: string;
  message: string;
  colour: BannerColour;
  removable: boolean;
};

function TrialBannerView({ dismissalKey, message, colour, removable }: TrialBannerViewProps) {
  const [dismissed, setDismissed] = useState(() => removable && isDismissed(dismissalKey));
  if (dismissed) return null;

  return (
    <section
      aria-label="Free trial"
      data-colour={colour}
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-2.5 text-sm sm:px-6',
        colourClasses[colour],
      )}
    >
      <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">{message}</p>
      <div className="flex items-center gap-1">
        <Button asChild size="sm" className={actionClasses[colour]}>
          <AppLink url={TRIAL_BANNER_ACTION.url}>{TRIAL_BANNER_ACTION.label}</AppLink>
        </Button>
        {removable && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-current hover:bg-black/5 hover:text-current"
            onClick={() => {
              rememberDismissal(dismissalKey);
              setDismissed(true);
            }}
          >
            <X aria-hidden="true" />
            <span className="sr-only">Dismiss</span>
          </Button>
        )}
      </div>
    </section>
  );
}
