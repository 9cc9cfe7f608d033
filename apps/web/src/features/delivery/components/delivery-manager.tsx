import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can, UNASSIGNED_REASON_LABELS } from '@tentpole/domain';
import { Route } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { useAccountEvent } from '@/app/providers/account-events-provider';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { deliveryDayQueryKeys } from '../api/delivery-day-query-keys';
import { useDeliveryDay } from '../api/get-delivery-day';
import { usePlanDeliveryDay } from '../api/plan-delivery-day';
import { useSaveDeliveryCrew } from '../api/save-delivery-crew';
import { useSaveDeliveryRoutes } from '../api/save-delivery-routes';
import type { Arrangement } from '../lib/board-moves';
import { RouteBoard } from './route-board';
import { RouteMap } from './route-map';

// One toast for the board: the latest plan or move replaces the one before.
const TOAST = { id: 'delivery-manager' };

type DeliveryManagerProps = {
  date: string;
  onDateChange: (date: string) => void;
};

/**
 * back-office spec §7.2, §7.3: the Delivery Manager's day. `delivery.read` sees the stops,
 * routes, ETAs and the map; `delivery.write` plans the day and moves stops.
 */
export function DeliveryManager({ date, onDateChange }: DeliveryManagerProps) {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'delivery.write');
  const day = useDeliveryDay(date);
  const plan = usePlanDeliveryDay();
  const save = useSaveDeliveryRoutes();
  const crew = useSaveDeliveryCrew();
  const dateId = useId();
  const queryClient = useQueryClient();
  // Decision 0043: a crew's stop event (or another planner's save) reaches every open board.
  useAccountEvent('delivery.updated', (event) => {
    if (event.date === date)
      void queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.day(date) });
  });

  const saveCrew = (vehicleId: string, userIds: string[]) =>
    crew.mutate(
      { date, vehicleId, userIds },
      {
        onSuccess: () => toast.success('Crew saved.', TOAST),
        onError: () => toast.error('The crew could not be saved. Try again.', TOAST),
      },
    );

  const arrange = (arrangement: Arrangement, what: string) => {
    // One save at a time: the next move starts from the answer of the one before.
    if (save.isPending) return;
    save.mutate(
      { date, routes: arrangement },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.violations.length === 0
              ? what
              : `${what} ${saved.violations.length === 1 ? '1 problem' : `${saved.violations.length} problems`} on the routes.`,
            TOAST,
          ),
        onError: () => toast.error('The routes could not be saved. Try again.', TOAST),
      },
    );
  };

  const planDay = () =>
    plan.mutate(date, {
      onSuccess: (planned) => {
        const left = planned.unassigned.length;
        if (left === 0) toast.success('The day is planned: every stop is on a route.', TOAST);
        else {
          const first = planned.unassigned[0]?.reason;
          toast.warning(
            `Planned, with ${left === 1 ? '1 stop' : `${left} stops`} left out${first ? `: ${UNASSIGNED_REASON_LABELS[first].toLowerCase()}` : ''}.`,
            TOAST,
          );
        }
      },
      onError: () => toast.error('The day could not be planned. Try again.', TOAST),
    });

  const stopCount = day.data?.stops.length ?? 0;
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Delivery Manager</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {day.data
              ? `${stopCount === 1 ? '1 stop' : `${stopCount} stops`} on this day${day.data.violations.length > 0 ? `, ${day.data.violations.length === 1 ? '1 problem' : `${day.data.violations.length} problems`} on the routes` : ''}.`
              : 'Drop-offs and pickups for the day, by truck.'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={dateId}>Day</Label>
            <Input
              id={dateId}
              type="date"
              value={date}
              required
              onChange={(event) => {
                if (event.target.value) onDateChange(event.target.value);
              }}
              className="w-44"
            />
          </div>
          <Button asChild variant="outline">
            <Link to="/orders/driver/load-list" search={{ date }}>
              Load list
            </Link>
          </Button>
          {canEdit && (
            <Button onClick={planDay} disabled={plan.isPending || !day.data}>
              <Route aria-hidden="true" />
              {plan.isPending ? 'Planning…' : 'Plan the day'}
            </Button>
          )}
        </div>
      </div>
      {day.isPending ? (
        <LoadingRows label="Loading the day’s stops" rows={4} variant="cards" />
      ) : day.isError ? (
        <QueryError
          variant="panel"
          title="The day could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void day.refetch()}
        />
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {save.isPending ? 'Saving the routes…' : ''}
          </p>
          <RouteBoard day={day.data} canEdit={canEdit} onArrange={arrange} onCrew={saveCrew} />
          <div className="max-w-3xl">
            <RouteMap day={day.data} />
          </div>
        </>
      )}
    </div>
  );
}
