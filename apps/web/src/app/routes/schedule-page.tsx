import { ScheduleManager } from '@/features/schedule/components/schedule-manager';

export function SchedulePage() {
  return <ScheduleManager />;
}
