import { cn } from '@/lib/cn';
import { useReachLive } from './reach-live-provider';

/** The count of unread texts on Reach in the sidebar (a dot when the sidebar is collapsed). */
export function UnreadTextsBadge({ className }: { className?: string }) {
  const { unreadTexts } = useReachLive();
  if (unreadTexts === 0) return null;
  const label = `${unreadTexts} unread ${unreadTexts === 1 ? 'text' : 'texts'}`;
  return (
    <span
      data-testid="reach-unread-badge"
      title={label}
      className={cn(
        'pointer-events-none absolute top-1.5 right-7 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground select-none',
        'group-data-[collapsible=icon]:top-1 group-data-[collapsible=icon]:right-1 group-data-[collapsible=icon]:h-2 group-data-[collapsible=icon]:min-w-2 group-data-[collapsible=icon]:p-0 group-data-[collapsible=icon]:text-[0px]',
        className,
      )}
    >
      {unreadTexts > 99 ? '99+' : unreadTexts}
      <span className="sr-only"> {label.slice(String(unreadTexts).length)}</span>
    </span>
  );
}
