import { formatMoney } from '@tentpole/domain';
import { DollarSign, Package, ShoppingCart, UserPlus } from 'lucide-react';
import { StatTile } from './stat-tile';

const count = new Intl.NumberFormat('en-US');
const formatCount = (value: number) => count.format(value);

/** spec §2: Cart Sessions, New Customers, Orders This Week, YTD Revenue. */
export function StatTiles() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatTile
        name="cartSessions"
        title="Cart Sessions"
        icon={ShoppingCart}
        comparedWith="from last week"
        format={formatCount}
      />
      <StatTile
        name="newCustomers"
        title="New Customers"
        icon={UserPlus}
        comparedWith="from last week"
        format={formatCount}
      />
      <StatTile
        name="orders"
        title="Orders This Week"
        icon={Package}
        comparedWith="from last week"
        format={formatCount}
        link={{
          to: '/orders',
          // The tile counts the orders created in the last seven days; the list shows them.
          search: { createdFrom: new Date(Date.now() - 7 * 86_400_000).toISOString() },
        }}
      />
      <StatTile
        name="ytdRevenue"
        title="YTD Revenue"
        icon={DollarSign}
        comparedWith="from this time last year"
        format={formatMoney}
      />
    </div>
  );
}
