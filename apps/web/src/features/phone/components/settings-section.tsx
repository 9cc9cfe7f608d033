import { type ReactNode, useId } from 'react';

/** A part of Settings → Reach: its name and purpose beside its controls. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm md:grid-cols-[16rem_minmax(0,1fr)]"
    >
      <div>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
