import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type WeatherPolicy,
  weatherBoardResponseSchema,
  weatherCheckResponseSchema,
  weatherPolicyResponseSchema,
  weatherTextResponseSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** Every weather query sits under 'weather': a check or a text refreshes the board. */
export const weatherQueryKeys = {
  all: ['weather'] as const,
  policy: () => [...weatherQueryKeys.all, 'policy'] as const,
  board: () => [...weatherQueryKeys.all, 'board'] as const,
};

/** GET /api/weather/board: the at-risk orders of the last check, each with its reply state. */
export function useWeatherBoard() {
  return useQuery({
    queryKey: weatherQueryKeys.board(),
    queryFn: () => apiFetch('/api/weather/board', weatherBoardResponseSchema),
    // Replies come in by text: the board follows them while it is open.
    refetchInterval: 15_000,
  });
}

/** GET /api/weather/policy: the limits, each category's own, and the categories to pick. */
export function useWeatherPolicy() {
  return useQuery({
    queryKey: weatherQueryKeys.policy(),
    queryFn: () => apiFetch('/api/weather/policy', weatherPolicyResponseSchema),
  });
}

/** PUT /api/weather/policy, whole; a bad limit is a 400 naming its field. */
export function useSaveWeatherPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: WeatherPolicy) =>
      apiFetch('/api/weather/policy', weatherPolicyResponseSchema, {
        method: 'PUT',
        json: policy,
      }),
    onSuccess: (saved) => queryClient.setQueryData(weatherQueryKeys.policy(), saved),
  });
}

/** POST /api/weather/check: the forecast read now for the next three days' deliveries. */
export function useCheckWeather() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/weather/check', weatherCheckResponseSchema, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: weatherQueryKeys.board() }),
  });
}

/** POST /api/weather/texts: each flagged customer not yet texted gets their options, once. */
export function useTextWeatherOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/weather/texts', weatherTextResponseSchema, { method: 'POST', json: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: weatherQueryKeys.board() }),
  });
}

/** POST /api/weather/orders/:id/choice: staff apply the customer's answer (they called). */
export function useApplyWeatherChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, choice }: { orderId: string; choice: 1 | 2 | 3 }) =>
      apiFetch(
        `/api/weather/orders/${orderId}/choice`,
        z.object({ state: z.string(), note: z.string().nullable() }),
        { method: 'POST', json: { choice } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: weatherQueryKeys.board() }),
  });
}
