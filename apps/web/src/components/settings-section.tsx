import { type ReactNode, useId } from 'react';

/**
 * One part of a settings page (Account, Website Settings, Reach): its title and what it is for
 * beside its fields on a wide screen, above them on a phone.
 */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  /** Words (a paragraph), or words with links. */
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-5 shadow-sm md:grid-cols-[16rem_minmax(0,1fr)]"
    >
      <div className="min-w-0">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {typeof description === 'string' ? (
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        ) : (
          <div className="mt-1 text-sm text-muted-foreground">{description}</div>
        )}
      </div>
      <div className="grid min-w-0 content-start gap-5">{children}</div>
    </section>
  );
}
