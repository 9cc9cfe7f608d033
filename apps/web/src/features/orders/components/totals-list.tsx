import type { OrderTotals } from '@tentpole/domain';
import { useAccountFormat } from '@/lib/account-format';

/**
 * §5 totals as the order page and the editor show them: the charges (rental always, the rest
 * when there are any), the total, the deposit to book, what was paid and is due (an order
 * that exists), and the security deposit held apart.
 */
export function TotalsList({
  totals,
  withPayments,
}: {
  totals: OrderTotals;
  withPayments: boolean;
}) {
  const { money } = useAccountFormat();
  const charges: [string, number][] = [
    ['Rental', totals.rentalSubtotal],
    ['Fees', totals.fees],
    ['Damage waiver', totals.damageWaiver],
    ['Discounts', -totals.discounts],
    ['Tax', totals.tax],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
      {charges
        .filter(([label, amount]) => amount !== 0 || label === 'Rental')
        .map(([label, amount]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right">{money(amount)}</dd>
          </div>
        ))}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{money(totals.total)}</dd>
      <dt className="text-muted-foreground">Deposit to book</dt>
      <dd className="text-right">{money(totals.depositDue)}</dd>
      {withPayments && (
        <>
          <dt className="text-muted-foreground">Paid</dt>
          <dd className="text-right">{money(totals.paid - totals.refunded)}</dd>
          <dt className="font-semibold">Balance</dt>
          <dd className="text-right font-semibold">{money(totals.balance)}</dd>
        </>
      )}
      <dt className="text-muted-foreground">Security deposit (apart)</dt>
      <dd className="text-right">{money(totals.securityDeposit)}</dd>
    </dl>
  );
}
