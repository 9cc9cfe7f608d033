import { getRouteApi } from '@tanstack/react-router';
import { OrderDetail } from '@/features/orders/components/order-detail';

const orderRoute = getRouteApi('/orders/$orderId');

export function OrderDetailPage() {
  const { orderId } = orderRoute.useParams();
  return <OrderDetail orderId={orderId} />;
}
