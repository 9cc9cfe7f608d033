import { can, numberFormat, type StatResponse } from '@tentpole/domain';
import { DollarSign, Package, ShoppingCart, UserPlus } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useAccountFormat } from '@/lib/account-format';
import { StatTile, type TileLink } from './stat-tile';

const count = (locale: string) => numberFormat(locale);

const BASIS_NOTES = { accrual: 'By event date', cash: 'By payment date' } as const;

/**
 * spec §2: Cart Sessions, New Customers, Orders This Week, YTD Revenue. back-office §11 defines
 * each from the reports' queries; a tile opens the report or list behind it when the member may
 * see it (Cart Sessions opens the store's cart sessions over the same days).
 */
export function StatTiles() {
  const { user } = useAuthenticatedSession();
  const { locale, money } = useAccountFormat();
  const formatCount = (value: number) => count(locale).format(value);
  const mayRead = (...permissions: Parameters<typeof can>[1][]) =>
    permissions.every((permission) => can(user.roles, permission));

  const cartSessionsLink = (stat: StatResponse): TileLink | null =>
    mayRead('website.read') && stat.from && stat.to
      ? { to: '/website/carts', search: { from: stat.from, to: stat.to } }
      : null;
  const newCustomersLink = (stat: StatResponse): TileLink | null =>
    mayRead('reports.read') && stat.from && stat.to
      ? { to: '/reports', search: { report: 'lead-sources', from: stat.from, to: stat.to } }
      : null;
  const ordersLink = (stat: StatResponse): TileLink | null =>
    mayRead('order.read') && stat.start && stat.end
      ? { to: '/orders', search: { from: stat.start, to: stat.end } }
      : null;
  const revenueLink = (stat: StatResponse): TileLink | null =>
    mayRead('reports.read', 'reports.financial') && stat.from && stat.to
      ? {
          to: '/reports',
          search: {
            report: 'revenue',
            from: stat.from,
            to: stat.to,
            ...(stat.basis ? { basis: stat.basis } : {}),
          },
        }
      : null;

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatTile
        name="cartSessions"
        title="Cart Sessions"
        icon={ShoppingCart}
        comparedWith="from last week"
        format={formatCount}
        link={cartSessionsLink}
      />
      <StatTile
        name="newCustomers"
        title="New Customers"
        icon={UserPlus}
        comparedWith="from last week"
        format={formatCount}
        link={newCustomersLink}
      />
      <StatTile
        name="orders"
        title="Orders This Week"
        icon={Package}
        comparedWith="from last week"
        format={formatCount}
        link={ordersLink}
      />
      <StatTile
        name="ytdRevenue"
        title="YTD Revenue"
        icon={DollarSign}
        comparedWith="from this time last year"
        format={money}
        link={revenueLink}
        note={(stat) => (stat.basis ? BASIS_NOTES[stat.basis] : null)}
      />
    </div>
  );
}
