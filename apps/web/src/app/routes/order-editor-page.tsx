import { getRouteApi } from '@tanstack/react-router';
import { EditOrderEditor, NewOrderEditor } from '@/features/orders/components/order-editor-pages';

// The routes are defined in ./orders-new and ./orders-edit; their hooks are read through
// getRouteApi, so this chunk does not import the route tree.
const newRoute = getRouteApi('/orders/new');
const editRoute = getRouteApi('/orders/$orderId/edit');

export function NewOrderPage() {
  const { customerId, from } = newRoute.useSearch();
  return <NewOrderEditor customerId={customerId} from={from} />;
}

export function EditOrderPage() {
  const { orderId } = editRoute.useParams();
  return <EditOrderEditor orderId={orderId} />;
}
