import { useQuery } from '@tanstack/react-query';
import { type Blackout, can, localDate } from '@tentpole/domain';
import { CalendarOff, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { categoriesQueryOptions } from '@/features/inventory/api/get-categories';
import { productOptionsQueryOptions } from '@/features/inventory/api/get-product-options';
import { useDeleteBlackout } from '../api/delete-blackout';
import { useBlackouts } from '../api/get-blackouts';
import { useSchedule } from '../api/get-schedule';
import { BlackoutDialog } from './blackout-dialog';
import { BlackoutList } from './blackout-list';
import { ScheduleHoursForm } from './schedule-hours-form';
import { StaffShifts } from './staff-shifts';

/** The names a scoped blackout shows, read only when some blackout needs them. */
function useTargetNames(blackouts: readonly Blackout[]) {
  const categories = useQuery({
    ...categoriesQueryOptions(),
    enabled: blackouts.some((b) => b.scope === 'category'),
  });
  const products = useQuery({
    ...productOptionsQueryOptions(),
    enabled: blackouts.some((b) => b.scope === 'product'),
  });
  return useMemo(
    () => ({
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
      products: new Map((products.data ?? []).map((p) => [p.id, p.name])),
    }),
    [categories.data, products.data],
  );
}

/** back-office spec §12 Schedule: hours, service hours, booking rules and blackout dates. */
export function ScheduleManager() {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'account.write');
  const schedule = useSchedule();

  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Schedule</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {canEdit
            ? 'Your opening hours, delivery hours, booking rules and blackout dates.'
            : 'Your opening hours, delivery hours, booking rules and blackout dates. You can view them; changing them needs the account.write permission.'}
        </p>
      </div>
      {schedule.isPending ? (
        <LoadingRows label="Loading the schedule" rows={6} variant="cards" />
      ) : schedule.isError ? (
        <QueryError
          variant="panel"
          title="The schedule could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <>
          <ScheduleHoursForm
            key={schedule.data.updatedAt ?? 'defaults'}
            schedule={schedule.data}
            canEdit={canEdit}
          />
          <Blackouts canEdit={canEdit} today={localDate(new Date(), schedule.data.timeZone)} />
          {can(user.roles, 'staff.others.read') && (
            <StaffShifts
              canEdit={can(user.roles, 'staff.others.write')}
              today={localDate(new Date(), schedule.data.timeZone)}
            />
          )}
        </>
      )}
    </div>
  );
}

function Blackouts({ canEdit, today }: { canEdit: boolean; today: string }) {
  const blackouts = useBlackouts();
  const list = blackouts.data ?? [];
  const names = useTargetNames(list);
  const [editing, setEditing] = useState<Blackout | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Blackout | null>(null);
  return (
    <section aria-labelledby="blackouts-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="blackouts-heading" className="text-lg font-semibold">
            Blackout dates
          </h2>
          <p className="text-sm text-muted-foreground">
            Days without bookings, once or every year, week or by your own rule.
          </p>
        </div>
        {canEdit && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add blackout
          </Button>
        )}
      </div>
      {blackouts.isPending ? (
        <LoadingRows label="Loading blackouts" rows={3} variant="cards" />
      ) : blackouts.isError ? (
        <QueryError
          variant="panel"
          title="Blackouts could not be loaded."
          onRetry={() => void blackouts.refetch()}
        />
      ) : list.length === 0 ? (
        <StateMessage
          icon={<CalendarOff aria-hidden="true" />}
          title="No blackout dates"
          description="Add holidays, days off and maintenance days on which bookings stop."
        />
      ) : (
        <BlackoutList
          blackouts={list}
          names={names}
          today={today}
          onEdit={canEdit ? setEditing : undefined}
          onDelete={canEdit ? setDeleting : undefined}
        />
      )}
      {canEdit && <BlackoutDialog blackout={editing} onClose={() => setEditing(null)} />}
      {canEdit && <DeleteBlackoutDialog blackout={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function DeleteBlackoutDialog({
  blackout,
  onClose,
}: {
  blackout: Blackout | null;
  onClose: () => void;
}) {
  const remove = useDeleteBlackout();
  const confirm = async () => {
    if (!blackout) return;
    try {
      await remove.mutateAsync(blackout.id);
      toast.success(`Blackout ${blackout.name} deleted.`);
      onClose();
    } catch {
      toast.error('The blackout could not be deleted.');
    }
  };
  return (
    <ConfirmDeleteDialog
      title="Delete blackout?"
      description={
        blackout ? `Bookings will be possible again on the days of ${blackout.name}.` : null
      }
      confirmLabel="Delete blackout"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
