import { getRouteApi } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { OrderMessages } from '@/features/emails/components/order-messages';
import { useOrder } from '@/features/orders/api/order-api';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { PageHeaderActions } from '../shell/page-header-actions';

const orderRoute = getRouteApi('/orders/$orderId');

/** Orders out, back or closed can no longer be changed (the server answers 409). */
const EDITABLE = new Set(['draft', 'quote', 'hold', 'reserved', 'confirmed']);

export function OrderDetailPage() {
  const { orderId } = orderRoute.useParams();
  const order = useOrder(orderId);
  return (
    <>
      {order.data && EDITABLE.has(order.data.status) && (
        <PageHeaderActions
          actionButton={{
            label: 'Edit',
            href: `/orders/${encodeURIComponent(orderId)}/edit`,
            icon: <Pencil aria-hidden="true" />,
          }}
          secondaryActions={[{ label: 'All orders', href: '/orders' }]}
        />
      )}
      <OrderDetail orderId={orderId} messages={(o) => <OrderMessages order={o} />} />
    </>
  );
}
