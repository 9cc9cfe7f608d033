import { AppLink } from '@/components/app-link';
import { cn } from '@/lib/cn';

export type PageTab<T extends string | undefined> = { tab: T; label: string };

/**
 * A page's sections as tabs kept in the URL (`?tab=`), the first one without it: links, so
 * each section has an address and the browser's back button moves between them.
 */
export function PageTabs<T extends string | undefined>({
  label,
  path,
  tabs,
  current,
}: {
  /** Names the navigation for assistive technology, e.g. "Emails sections". */
  label: string;
  path: string;
  tabs: readonly PageTab<T>[];
  current: T;
}) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto border-b">
      <ul className="flex gap-1 px-1">
        {tabs.map((item) => {
          const selected = item.tab === current;
          return (
            <li key={item.label}>
              <AppLink
                url={item.tab ? `${path}?tab=${item.tab}` : path}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                  selected
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {item.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
