import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type StateMessageProps = {
  /** A decorative icon (aria-hidden) above the title. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link under the text: a retry, a way on. */
  action?: ReactNode;
  /**
   * `panel`: a dashed box that stands for a whole page's or tab's content; `inline`: centred
   * text inside a panel that already has its border.
   */
  variant?: 'panel' | 'inline';
  /** Heading level for the title when it heads the page (a missing record); else a paragraph. */
  titleAs?: 'p' | 'h1' | 'h2';
  className?: string;
};

/** A query's empty or failed state: what is (not) there, why, and what to do next. */
export function StateMessage({
  icon,
  title,
  description,
  action,
  variant = 'panel',
  titleAs: Title = 'p',
  className,
}: StateMessageProps) {
  return (
    <div
      className={cn(
        'grid place-items-center text-center',
        variant === 'panel' && 'rounded-xl border border-dashed bg-muted/30 px-6 py-12',
        variant === 'inline' && 'gap-3 px-4 py-10',
        className,
      )}
    >
      {icon && (
        <span className="mb-3 grid size-12 place-items-center rounded-full bg-primary/10 text-primary-ink [&_svg]:size-6">
          {icon}
        </span>
      )}
      <Title
        className={cn(
          variant === 'panel' ? 'text-base font-semibold' : 'text-sm text-muted-foreground',
        )}
      >
        {title}
      </Title>
      {description && (
        <div className="mt-1 max-w-md text-sm text-muted-foreground">{description}</div>
      )}
      {action && <div className={variant === 'panel' ? 'mt-5' : ''}>{action}</div>}
    </div>
  );
}
