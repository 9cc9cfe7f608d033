import { Link } from '@tanstack/react-router';
import {
  type AvailabilityResponse,
  dateTimeFormat,
  type OrderPreview,
  PRODUCT_QUANTITY_MAX,
} from '@tentpole/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAccountFormat } from '@/lib/account-format';
import { useProductSearch } from '../api/order-editor-api';
import type { EditorValues } from '../lib/order-editor-values';

type Line = EditorValues['lines'][number];

const shortDay = (locale: string) => dateTimeFormat(locale, { month: 'short', day: 'numeric' });

/** One product's stock over the event, as the availability answer says. */
function LineStock({ answer }: { answer: AvailabilityResponse['items'][number] | undefined }) {
  const { locale } = useAccountFormat();
  if (!answer) return null;
  if (answer.available >= answer.requested)
    return (
      <span className="text-xs text-emerald-700 dark:text-emerald-400">
        {answer.available} available
      </span>
    );
  return (
    <span className="text-xs text-destructive">
      Only {Math.max(answer.available, 0)} of {answer.requested} available
      {answer.conflicts.length > 0 && (
        <>
          {' '}
          — held by{' '}
          {answer.conflicts.map((c, i) => (
            <span key={`${c.orderId}-${c.from}`}>
              {i > 0 && ', '}
              <Link to="/orders/$orderId" params={{ orderId: c.orderId }} className="underline">
                #{c.number}
              </Link>{' '}
              ({c.quantity}, {shortDay(locale).format(new Date(c.from))})
            </span>
          ))}
        </>
      )}
    </span>
  );
}

/**
 * §4 order editor: the lines, each with its price and stock as you type, and a search to add a
 * product (a bundle brings its components; the server adds them).
 */
export function EditorLines({
  lines,
  onChange,
  preview,
  availability,
  error,
}: {
  lines: Line[];
  onChange: (lines: Line[]) => void;
  preview: OrderPreview | undefined;
  availability: AvailabilityResponse | undefined;
  error?: string;
}) {
  const { money } = useAccountFormat();
  const [search, setSearch] = useState('');
  const products = useProductSearch(search);
  const ids = { search: useId(), list: useId() };
  const found = search.trim() ? (products.data?.products ?? []) : [];
  const add = (product: { id: string; name: string }) => {
    const existing = lines.find((l) => l.productId === product.id);
    onChange(
      existing
        ? lines.map((l) =>
            l.productId === product.id
              ? { ...l, quantity: Math.min(l.quantity + 1, PRODUCT_QUANTITY_MAX) }
              : l,
          )
        : [...lines, { productId: product.id, name: product.name, quantity: 1 }],
    );
    setSearch('');
  };
  return (
    <div className="grid gap-3">
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">No items yet: search below to add one.</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {lines.map((line, i) => {
            const priced = preview?.lines.find((p) => p.productId === line.productId);
            const stock = availability?.items.find((a) => a.productId === line.productId);
            const qtyId = `${ids.list}-qty-${i}`;
            return (
              <li
                key={line.productId}
                className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_6rem_7rem_auto] sm:items-center"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium wrap-anywhere">{line.name}</span>
                  {priced?.explanation && (
                    <span className="text-xs text-muted-foreground">{priced.explanation}</span>
                  )}
                  <LineStock answer={stock} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={qtyId} className="text-xs sm:sr-only">
                    Quantity of {line.name}
                  </Label>
                  <Input
                    id={qtyId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={PRODUCT_QUANTITY_MAX}
                    value={line.quantity}
                    onChange={(event) => {
                      const quantity = Math.max(
                        1,
                        Math.min(PRODUCT_QUANTITY_MAX, Math.trunc(Number(event.target.value) || 1)),
                      );
                      onChange(lines.map((l, j) => (j === i ? { ...l, quantity } : l)));
                    }}
                  />
                </div>
                <span className="text-sm tabular-nums sm:text-right" aria-live="polite">
                  {priced ? money(priced.amount) : '…'}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => onChange(lines.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {preview && preview.fees.length > 0 && (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {preview.fees.map((fee) => (
            <li key={fee.description} className="flex justify-between gap-4">
              <span className="wrap-anywhere">{fee.description}</span>
              <span className="tabular-nums">{money(fee.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {preview && preview.needsApproval.length > 0 && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          Needs the owner’s approval on this surface: {preview.needsApproval.join(', ')}
        </p>
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
      <div className="grid gap-2">
        <Label htmlFor={ids.search}>Add an item</Label>
        <Input
          id={ids.search}
          type="search"
          autoComplete="off"
          placeholder="Search products, bundles and services"
          value={search}
          aria-controls={ids.list}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              const first = found[0];
              if (first) add(first);
            }
          }}
        />
        <ul id={ids.list} aria-label="Matching products" className="grid gap-1">
          {found.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="flex w-full min-w-0 items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                onClick={() => add(p)}
              >
                <Plus aria-hidden="true" className="size-4 shrink-0" />
                <span className="min-w-0 flex-1 wrap-anywhere">{p.name}</span>
                <span className="text-xs text-muted-foreground">{p.quantity} in stock</span>
              </button>
            </li>
          ))}
        </ul>
        {search.trim() && products.data && found.length === 0 && (
          <p className="text-sm text-muted-foreground">No product matches “{search.trim()}”.</p>
        )}
      </div>
    </div>
  );
}
