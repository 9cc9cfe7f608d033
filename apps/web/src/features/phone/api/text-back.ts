import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SETTINGS_SAVE_FAILED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
  type TextBackSettings,
  textBackSettingsSchema,
} from '@tentpole/domain';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api-client';

/** Issue 24 item 4: GET /api/phone/text-back (off, with the shipped texts, until saved). */
export function getTextBack(): Promise<TextBackSettings> {
  return apiFetch('/api/phone/text-back', textBackSettingsSchema);
}

export const textBackQueryOptions = queryOptions({
  queryKey: ['phone', 'text-back'] as const,
  queryFn: getTextBack,
});

export function useTextBack() {
  return useQuery(textBackQueryOptions);
}

/** PUT /api/phone/text-back, with the settings page's toasts. */
export function useSaveTextBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TextBackSettings) =>
      apiFetch('/api/phone/text-back', textBackSettingsSchema, { method: 'PUT', json: settings }),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    onSuccess: (saved) => {
      toast.success(SETTINGS_SAVED_MESSAGE);
      queryClient.setQueryData(textBackQueryOptions.queryKey, saved);
    },
    onError: () => {
      toast.error(SETTINGS_SAVE_FAILED_MESSAGE);
    },
  });
}
