import { Link } from '@tanstack/react-router';
import type { ShortageBody } from '@tentpole/domain';

/**
 * A refused save or move (§3 availability): the message and, per short product, what was asked,
 * what is free and the orders holding the rest, each linked.
 */
export function StockRefusal({
  message,
  shortages,
  nameOf,
}: {
  message: string;
  shortages: readonly ShortageBody[];
  nameOf: (productId: string) => string | undefined;
}) {
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
    >
      <p className="font-medium">{message}</p>
      {shortages.map((s) => (
        <p key={s.productId}>
          {nameOf(s.productId) ?? 'An item'}: needs {s.requested}, {Math.max(s.available, 0)} free
          {s.conflicts.length > 0 && (
            <>
              {' '}
              — held by{' '}
              {s.conflicts.map((c, i) => (
                <span key={`${c.orderId}-${c.from}`}>
                  {i > 0 && ', '}
                  <Link to="/orders/$orderId" params={{ orderId: c.orderId }} className="underline">
                    order #{c.number}
                  </Link>
                </span>
              ))}
            </>
          )}
        </p>
      ))}
    </div>
  );
}
