import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Downtime, type downtimeInputSchema, downtimeResponseSchema } from '@tentpole/domain';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { invalidateStock } from './invalidate-stock';

export type DowntimeInput = z.output<typeof downtimeInputSchema>;
type OpenDowntimeInput = { productId: string; downtime: DowntimeInput };

/** POST /api/products/{id}/downtimes: 201 with the downtime. */
export async function openDowntime({ productId, downtime }: OpenDowntimeInput): Promise<Downtime> {
  const response = await apiFetch(
    `/api/products/${encodeURIComponent(productId)}/downtimes`,
    downtimeResponseSchema,
    { method: 'POST', json: downtime },
  );
  return response.downtime;
}

export function useOpenDowntime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDowntime,
    retry: false,
    onSuccess: (downtime) => invalidateStock(queryClient, downtime.productId),
  });
}
