import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StaffScheduleMember,
  staffScheduleMemberResponseSchema,
  staffScheduleResponseSchema,
  type TimeOff,
  type TimeOffInput,
  timeOffResponseSchema,
  type WeekShifts,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { scheduleQueryKeys } from './schedule-query-keys';

/** GET /api/schedule/staff: each member's week and time off (decision 0051). */
export async function getStaffSchedule(): Promise<StaffScheduleMember[]> {
  const { members } = await apiFetch('/api/schedule/staff', staffScheduleResponseSchema);
  return members;
}

export function staffScheduleQueryOptions() {
  return queryOptions({ queryKey: scheduleQueryKeys.staff(), queryFn: getStaffSchedule });
}

export function useStaffSchedule(enabled = true) {
  return useQuery({ ...staffScheduleQueryOptions(), enabled });
}

function useInvalidateStaff() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scheduleQueryKeys.staff() });
}

/** PUT /api/schedule/staff/{userId}/shifts: the week whole; null clears it. */
export function useSaveShifts() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: ({ userId, shifts }: { userId: string; shifts: WeekShifts | null }) =>
      apiFetch(
        `/api/schedule/staff/${encodeURIComponent(userId)}/shifts`,
        staffScheduleMemberResponseSchema,
        { method: 'PUT', json: { shifts } },
      ),
    retry: retryServerErrorsOnce,
    onSuccess: invalidate,
  });
}

/** POST /api/schedule/staff/{userId}/time-off: 201 with it. */
export function useAddTimeOff() {
  const invalidate = useInvalidateStaff();
  // Not retried: a second POST after a lost answer would add it twice.
  return useMutation({
    mutationFn: async ({ userId, input }: { userId: string; input: TimeOffInput }) =>
      (
        await apiFetch(
          `/api/schedule/staff/${encodeURIComponent(userId)}/time-off`,
          timeOffResponseSchema,
          { method: 'POST', json: input },
        )
      ).timeOff as TimeOff,
    retry: false,
    onSuccess: invalidate,
  });
}

/** DELETE /api/schedule/time-off/{id}: 204. */
export function useDeleteTimeOff() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/schedule/time-off/${encodeURIComponent(id)}`, z.unknown(), {
        method: 'DELETE',
      }),
    retry: retryServerErrorsOnce,
    onSuccess: invalidate,
  });
}
