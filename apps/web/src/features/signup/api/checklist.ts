import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checklistSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';

export const checklistQueryKey = ['signup', 'checklist'] as const;

/** GET /api/signup/checklist: whether the first-run checklist shows, each step from data. */
export function useChecklist() {
  return useQuery({
    queryKey: checklistQueryKey,
    queryFn: () => apiFetch('/api/signup/checklist', checklistSchema),
  });
}

/** POST /api/signup/checklist/dismiss: hides it for the whole account. */
export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/signup/checklist/dismiss', checklistSchema, { method: 'POST' }),
    retry: retryServerErrorsOnce,
    onSuccess: (checklist) => queryClient.setQueryData(checklistQueryKey, checklist),
  });
}
