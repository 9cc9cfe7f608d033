import type { LoadList, LoadListLine } from '@tentpole/domain';
import { useId, useState } from 'react';

type LoadListViewProps = {
  list: LoadList;
  /** Where the ticks are kept on this phone (a route and day), so a reload keeps them. */
  storageKey: string;
};

function readTicks(key: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return new Set(Array.isArray(parsed) ? (parsed as string[]) : []);
  } catch {
    return new Set();
  }
}

/**
 * §7.4: a load list, ticked off on a phone as things go on the truck, and printed clean (the
 * ticks print as boxes to tick by hand).
 */
export function LoadListView({ list, storageKey }: LoadListViewProps) {
  const [ticks, setTicks] = useState(() => readTicks(storageKey));
  const toggle = (key: string) => {
    const next = new Set(ticks);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setTicks(next);
    localStorage.setItem(storageKey, JSON.stringify([...next]));
  };
  return (
    <div className="grid gap-4">
      <Section
        title="Load at the depot"
        empty="No deliveries."
        lines={list.deliveries}
        prefix="out"
        ticks={ticks}
        onToggle={toggle}
      />
      <Section
        title="Bring back from pickups"
        empty="No pickups."
        lines={list.pickups}
        prefix="back"
        ticks={ticks}
        onToggle={toggle}
      />
    </div>
  );
}

function Section({
  title,
  empty,
  lines,
  prefix,
  ticks,
  onToggle,
}: {
  title: string;
  empty: string;
  lines: LoadListLine[];
  prefix: string;
  ticks: Set<string>;
  onToggle: (key: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 break-inside-avoid">
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1">
          {lines.map((line) => {
            const key = `${prefix}:${line.description}`;
            return (
              <li key={key} className="grid gap-1 border-b py-1 last:border-b-0">
                <Tick
                  id={`${id}-${key}`}
                  checked={ticks.has(key)}
                  onChange={() => onToggle(key)}
                  quantity={line.quantity}
                  description={line.description}
                  strong
                />
                {line.components.length > 0 && (
                  <ul className="grid gap-1 pl-7">
                    {line.components.map((c) => {
                      const sub = `${key}>${c.description}`;
                      return (
                        <li key={sub}>
                          <Tick
                            id={`${id}-${sub}`}
                            checked={ticks.has(sub)}
                            onChange={() => onToggle(sub)}
                            quantity={c.quantity}
                            description={c.description}
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Tick({
  id,
  checked,
  onChange,
  quantity,
  description,
  strong,
}: {
  id: string;
  checked: boolean;
  onChange: () => void;
  quantity: number;
  description: string;
  strong?: boolean;
}) {
  return (
    <label htmlFor={id} className="flex min-h-9 cursor-pointer items-start gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span className={strong ? 'font-medium wrap-anywhere' : 'wrap-anywhere'}>
        <span className="tabular-nums">{quantity} ×</span> {description}
      </span>
    </label>
  );
}
