import { WEBSITE_PAGE_STATE_LABELS, type WebsitePageState } from '@tentpole/domain';
import { cn } from '@/lib/cn';

const STATE_CLASSES: Readonly<Record<WebsitePageState, string>> = {
  draft: 'bg-muted text-muted-foreground',
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  changed: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

/** Whether shoppers see the page, and whether they see its latest edits, in words. */
export function PageStateBadge({ state }: { state: WebsitePageState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATE_CLASSES[state],
      )}
    >
      {WEBSITE_PAGE_STATE_LABELS[state]}
    </span>
  );
}
