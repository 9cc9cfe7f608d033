import { useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useCreateCustomer } from '../api/create-customer';
import { customerName } from '../lib/customer-name';
import { CustomerForm } from './customer-form';

/**
 * The New Customer form: on success, the new customer's page. A number from a text or call
 * comes prefilled, so an unknown number becomes a customer in one step.
 */
export function NewCustomerForm({ initialPhoneNumber }: { initialPhoneNumber?: string }) {
  const create = useCreateCustomer();
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <CustomerForm
      initialPhoneNumber={initialPhoneNumber}
      submitLabel="Create Customer"
      onCancel={() => router.history.back()}
      onSubmit={async (values, _changed, { sharePhoneNumber }) => {
        const customer = await create.mutateAsync({ input: values, sharePhoneNumber });
        toast.success(`${customerName(customer)} added.`);
        await navigate({ to: '/customers/$customerId', params: { customerId: customer.id } });
      }}
    />
  );
}
