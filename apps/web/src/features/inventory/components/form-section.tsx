import { type ReactNode, useId } from 'react';

/** A part of a long form or page: a titled card, named for screen readers by its heading. */
export function FormSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  /** Buttons at the heading's end (Add, Upload). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
