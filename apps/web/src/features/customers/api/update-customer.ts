import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerPatch } from '@tentpole/domain';
import { retryServerErrorsOnce } from '@/lib/api-client';
import { customerQueryKeys } from './customer-query-keys';
import { sendCustomer } from './send-customer';

type UpdateCustomerInput = { id: string; patch: CustomerPatch; sharePhoneNumber?: boolean };

/** PATCH /api/customers/{id} with only the fields that changed (and, if asked, sharing the number). */
export function updateCustomer({
  id,
  patch,
  sharePhoneNumber = false,
}: UpdateCustomerInput): Promise<Customer> {
  return sendCustomer(
    `/api/customers/${encodeURIComponent(id)}`,
    'PATCH',
    sharePhoneNumber ? { ...patch, sharePhoneNumber } : patch,
  );
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    // spec §9: one retry; a PATCH is safe to repeat.
    retry: retryServerErrorsOnce,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryKeys.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: customerQueryKeys.lists() });
    },
  });
}
