import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { EditorValues } from '../lib/order-editor-values';

type Fee = EditorValues['fees'][number];
type Discount = EditorValues['discounts'][number];

function AdjustmentRow({
  kind,
  index,
  description,
  amount,
  onChange,
  onRemove,
  disabled,
  children,
}: {
  kind: 'fee' | 'discount';
  index: number;
  description: string;
  amount: string;
  onChange: (change: { description?: string; amount?: string }) => void;
  onRemove: () => void;
  disabled?: boolean;
  children?: React.ReactNode;
}) {
  const id = useId();
  const noun = kind === 'fee' ? 'Fee' : 'Discount';
  const name = description.trim() || `${noun.toLowerCase()} ${index + 1}`;
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end">
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          {noun} {index + 1}
        </label>
        <Input
          id={`${id}-description`}
          value={description}
          disabled={disabled}
          placeholder={kind === 'fee' ? 'Stairs, generator fuel…' : 'Returning customer…'}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-amount`} className="text-sm font-medium">
          Amount
        </label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          disabled={disabled}
          placeholder="0.00"
          onChange={(event) => onChange({ amount: event.target.value })}
        />
      </div>
      <div className="flex items-center gap-3">
        {children}
        {!disabled && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * §4 order editor: the fees staff add by hand (stairs, generator fuel) and manual discounts.
 * A discount is a change of price, so only someone with `order.override` adds or changes one;
 * others see the order's discounts as they are.
 */
export function EditorAdjustments({
  fees,
  discounts,
  onFees,
  onDiscounts,
  mayDiscount,
  feesError,
  discountsError,
}: {
  fees: Fee[];
  discounts: Discount[];
  onFees: (fees: Fee[]) => void;
  onDiscounts: (discounts: Discount[]) => void;
  mayDiscount: boolean;
  feesError?: string | undefined;
  discountsError?: string | undefined;
}) {
  const replace = <T,>(list: T[], i: number, item: T) => list.map((x, j) => (j === i ? item : x));
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        {fees.length > 0 && (
          <ul aria-label="Fees" className="grid gap-2">
            {fees.map((fee, i) => (
              <AdjustmentRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is stable
                key={i}
                kind="fee"
                index={i}
                description={fee.description}
                amount={fee.amount}
                onChange={(change) => onFees(replace(fees, i, { ...fee, ...change }))}
                onRemove={() => onFees(fees.filter((_, j) => j !== i))}
              >
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={fee.taxable}
                    onChange={(event) =>
                      onFees(replace(fees, i, { ...fee, taxable: event.target.checked }))
                    }
                    className="size-4 accent-primary"
                  />
                  Taxable
                </label>
              </AdjustmentRow>
            ))}
          </ul>
        )}
        {feesError && <p className="text-sm text-destructive">{feesError}</p>}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onFees([...fees, { description: '', amount: '', taxable: true }])}
          >
            <Plus aria-hidden="true" />
            Add a fee
          </Button>
        </div>
      </div>
      {(mayDiscount || discounts.length > 0) && (
        <div className="grid gap-2">
          {discounts.length > 0 && (
            <ul aria-label="Discounts" className="grid gap-2">
              {discounts.map((discount, i) => (
                <AdjustmentRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is stable
                  key={i}
                  kind="discount"
                  index={i}
                  description={discount.description}
                  amount={discount.amount}
                  disabled={!mayDiscount}
                  onChange={(change) =>
                    onDiscounts(replace(discounts, i, { ...discount, ...change }))
                  }
                  onRemove={() => onDiscounts(discounts.filter((_, j) => j !== i))}
                />
              ))}
            </ul>
          )}
          {discountsError && <p className="text-sm text-destructive">{discountsError}</p>}
          {mayDiscount && (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onDiscounts([...discounts, { description: '', amount: '' }])}
              >
                <Plus aria-hidden="true" />
                Add a discount
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
