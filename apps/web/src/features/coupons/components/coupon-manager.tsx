import { useQuery } from '@tanstack/react-query';
import { type CouponResponse, can, numberFormat } from '@tentpole/domain';
import { Plus, Tag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { categoriesQueryOptions } from '@/features/inventory/api/get-categories';
import { productOptionsQueryOptions } from '@/features/inventory/api/get-product-options';
import { useAccountFormat } from '@/lib/account-format';
import { useCoupons } from '../api/get-coupons';
import { CouponDialog } from './coupon-dialog';
import { CouponTable } from './coupon-table';

const count = (locale: string) => numberFormat(locale);

type CouponManagerProps = {
  /** The header's New Coupon was pressed. */
  creating: boolean;
  onCreatingChange: (creating: boolean) => void;
};

/** The names "applies to" shows, read only when some coupon needs them. */
function useTargetNames(coupons: readonly CouponResponse[]) {
  const categories = useQuery({
    ...categoriesQueryOptions(),
    enabled: coupons.some((c) => c.kind !== 'free_delivery' && c.appliesTo === 'categories'),
  });
  const products = useQuery({
    ...productOptionsQueryOptions(),
    enabled: coupons.some((c) => c.kind !== 'free_delivery' && c.appliesTo === 'products'),
  });
  return useMemo(
    () => ({
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
      products: new Map((products.data ?? []).map((p) => [p.id, p.name])),
    }),
    [categories.data, products.data],
  );
}

/** back-office spec §9: the account's coupons, what each gives and has earned, and its editor. */
export function CouponManager({ creating, onCreatingChange }: CouponManagerProps) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'coupons.write');
  const coupons = useCoupons();
  const list = coupons.data ?? [];
  const names = useTargetNames(list);
  const [editingId, setEditingId] = useState<string | null>(null);
  // Read from the query, so the editor shows the coupon as last saved.
  const editing = list.find((coupon) => coupon.id === editingId) ?? null;
  const active = list.filter((coupon) => coupon.active).length;
  const onEdit = useMemo(
    () => (canEdit ? (coupon: CouponResponse) => setEditingId(coupon.id) : undefined),
    [canEdit],
  );

  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Coupons</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {coupons.data && list.length > 0
            ? `${count(locale).format(list.length)} ${list.length === 1 ? 'coupon' : 'coupons'}, ${count(locale).format(active)} active. A cancelled order gives its use back.`
            : 'Discount codes for bookings, in the store and from your team.'}
        </p>
      </div>
      {coupons.isPending ? (
        <LoadingRows label="Loading coupons" rows={5} variant="cards" />
      ) : coupons.isError ? (
        <QueryError
          variant="panel"
          title="Coupons could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void coupons.refetch()}
        />
      ) : list.length === 0 ? (
        <StateMessage
          icon={<Tag aria-hidden="true" />}
          title="No coupons yet"
          description={
            canEdit
              ? 'Create a code customers or staff can enter for a percent off, an amount off or free delivery.'
              : 'Coupons your team creates will show here.'
          }
          action={
            canEdit && (
              <Button onClick={() => onCreatingChange(true)}>
                <Plus aria-hidden="true" />
                Create a coupon
              </Button>
            )
          }
        />
      ) : (
        <CouponTable coupons={list} names={names} onEdit={onEdit} />
      )}
      {canEdit && (
        <CouponDialog
          coupon={creating ? 'new' : editing}
          onClose={() => {
            onCreatingChange(false);
            setEditingId(null);
          }}
        />
      )}
    </div>
  );
}
