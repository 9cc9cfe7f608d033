import { REACH_REFERRAL_SOURCES, type ReachOrigin } from '@tentpole/domain';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { useOrder } from '../api/order-api';
import { useCustomerById } from '../api/order-editor-api';
import { OrderEditor } from './order-editor';

/**
 * /orders/new: a new order, for the customer named in the link when there is one (a caller);
 * one started on a call or in a text carries it as its referral source (issue 24 item 8).
 */
export function NewOrderEditor({ customerId, from }: { customerId?: string; from?: ReachOrigin }) {
  const customer = useCustomerById(customerId);
  if (customerId && customer.isPending)
    return <LoadingRows label="Loading the customer" rows={4} variant="cards" />;
  const c = customer.data?.customer;
  return (
    <OrderEditor
      key={c?.id ?? 'new'}
      initialCustomer={c ? { id: c.id, name: `${c.firstName} ${c.lastName}` } : null}
      initialReferralSource={from ? REACH_REFERRAL_SOURCES[from] : undefined}
    />
  );
}

/** /orders/{id}/edit: the order's editor, filled from it. */
export function EditOrderEditor({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingRows label="Loading the order" rows={6} variant="cards" />;
  if (order.isError)
    return (
      <QueryError
        variant="panel"
        title="This order could not be loaded."
        onRetry={() => void order.refetch()}
      />
    );
  return <OrderEditor key={order.data.id} order={order.data} />;
}
