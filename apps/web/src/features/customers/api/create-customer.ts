import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerInput } from '@tentpole/domain';
import { customerQueryKeys } from './customer-query-keys';
import { sendCustomer } from './send-customer';

/**
 * POST /api/customers: 201 with the new customer. `sharePhoneNumber`: another customer has
 * this number too, and the user said so (decision 0062).
 */
export function createCustomer({
  input,
  sharePhoneNumber = false,
}: {
  input: CustomerInput;
  sharePhoneNumber?: boolean;
}): Promise<Customer> {
  return sendCustomer(
    '/api/customers',
    'POST',
    sharePhoneNumber ? { ...input, sharePhoneNumber } : input,
  );
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    // Not retried: a create that reached the server but lost its answer would come back as a
    // conflict with itself.
    retry: false,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryKeys.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: customerQueryKeys.lists() });
    },
  });
}
