import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CouponManager } from '@/features/coupons/components/coupon-manager';
import { PageHeaderActions } from '../shell/page-header-actions';

export function CouponsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'New Coupon',
          onClick: () => setCreating(true),
          permission: 'coupons.write',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <CouponManager creating={creating} onCreatingChange={setCreating} />
    </>
  );
}
