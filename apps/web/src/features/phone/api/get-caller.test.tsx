import { QueryClientProvider } from '@tanstack/react-query';
import type { Customer } from '@tentpole/domain';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { customerQueryKeys } from '@/features/customers/api/customer-query-keys';
import { createQueryClient } from '@/lib/query-client';
import { stubServer } from '@/test/fake-server';
import { useCallerCustomer } from './get-caller';

const customer: Customer = {
  id: 'cust-1',
  firstName: 'Harper',
  lastName: 'Gomez',
  company: null,
  email: 'harper@example.com',
  phoneNumber: '+15550100123',
  internalNotes: null,
  points: 0,
  banned: false,
  reference: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('useCallerCustomer', () => {
  it("reads the caller under the customer's own cache key, so an edit renames the caller", async () => {
    stubServer({ 'GET /api/customers/cust-1': () => Response.json({ customer }) });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCallerCustomer('cust-1'), { wrapper });
    await waitFor(() => expect(result.current.data?.firstName).toBe('Harper'));

    // What saving the customer does (customers/api/update-customer.ts).
    queryClient.setQueryData(customerQueryKeys.detail('cust-1'), {
      ...customer,
      firstName: 'Harriet',
    });

    await waitFor(() => expect(result.current.data?.firstName).toBe('Harriet'));
  });

  it('asks for nothing without a customer id', () => {
    const server = stubServer({});
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCallerCustomer(null), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(server.requests).toEqual([]);
  });
});
