import type { CouponResponse } from '@tentpole/domain';
import type { DataTableSort } from '@/components/data-table/data-table';

/** The columns the coupon list sorts by, in the browser: the API sends the whole list. */
export const COUPON_SORT_COLUMNS = ['code', 'uses', 'discountGiven', 'revenue'] as const;
type SortColumn = (typeof COUPON_SORT_COLUMNS)[number];

const isSortColumn = (column: string): column is SortColumn =>
  (COUPON_SORT_COLUMNS as readonly string[]).includes(column);

/** The coupons in the order asked for; with none, as the API lists them. */
export function sortCoupons(
  coupons: readonly CouponResponse[],
  sort: DataTableSort,
): CouponResponse[] {
  if (!sort || !isSortColumn(sort.column)) return [...coupons];
  const column = sort.column;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...coupons].sort((a, b) => {
    const order = column === 'code' ? a.code.localeCompare(b.code) : a[column] - b[column];
    return sign * order || a.code.localeCompare(b.code);
  });
}
