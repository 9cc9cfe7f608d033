import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaToOrderResultSchema, photoRequestResponseSchema } from '@tentpole/domain';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api-client';
import { conversationListQueryKey, textsQueryKey } from './text-query-keys';

const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.body ? error.message : undefined;

/** Issue 24 item 5: put a texted picture on one of the customer's orders (site photos). */
export function useAddPictureToOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, orderId }: { mediaId: string; orderId: string }) =>
      apiFetch(
        `/api/phone/media/${encodeURIComponent(mediaId)}/order-photo`,
        mediaToOrderResultSchema,
        { method: 'POST', json: { orderId } },
      ),
    onSuccess: async () => {
      toast.success("Added to the order's site photos");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: textsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
    onError: (error) => {
      toast.error('The picture could not be added to the order', {
        description: reasonOf(error),
      });
    },
  });
}

/** From an order: text its customer "send us a photo of the setup spot". */
export function useRequestSitePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch(
        `/api/phone/orders/${encodeURIComponent(orderId)}/photo-request`,
        photoRequestResponseSchema,
        { method: 'POST' },
      ),
    onSuccess: async () => {
      toast.success('Photo request texted to the customer');
      await queryClient.invalidateQueries({ queryKey: conversationListQueryKey });
    },
    onError: (error) => {
      toast.error('The photo request could not be sent', { description: reasonOf(error) });
    },
  });
}
