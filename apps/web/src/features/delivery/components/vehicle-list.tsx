import type { Vehicle } from '@tentpole/domain';
import { Pencil, Plus, Trash2, Truck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useDepots } from '../api/get-depots';
import { useVehicles } from '../api/get-vehicles';
import { VehicleDialog } from './vehicle-dialog';

/** §7.2: the account's vehicles, which the Delivery Manager plans routes for. */
export function VehicleList({ canEdit }: { canEdit: boolean }) {
  const vehicles = useVehicles();
  const depots = useDepots();
  const remove = useDeleteVehicle();
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const depotName = (id: string | null) =>
    (id && depots.data?.find((d) => d.id === id)?.name) || 'the first depot';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicles</CardTitle>
        <CardDescription>Trucks the Delivery Manager plans routes for.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {vehicles.isPending ? (
          <LoadingRows label="Loading vehicles" rows={2} variant="cards" />
        ) : vehicles.isError ? (
          <QueryError
            variant="panel"
            title="Vehicles could not be loaded."
            description="Check your connection and try again."
            onRetry={() => void vehicles.refetch()}
          />
        ) : vehicles.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No vehicles yet: add one to plan routes.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Vehicles">
            {vehicles.data.map((vehicle) => (
              <li key={vehicle.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex items-start gap-2">
                  <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium wrap-anywhere">
                      {vehicle.name}
                      {!vehicle.active && (
                        <span className="font-normal text-muted-foreground"> (inactive)</span>
                      )}
                    </p>
                    <p className="text-sm tabular-nums">
                      {vehicle.capacityUnits} units · {vehicle.capacityVolume} cu ft ·{' '}
                      {vehicle.shiftStart}–{vehicle.shiftEnd}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      From {depotName(vehicle.depotId)}
                    </p>
                  </div>
                </div>
                {canEdit &&
                  (confirming === vehicle.id ? (
                    <div className="flex flex-wrap items-center justify-end gap-2">
                      <span className="text-sm">Delete {vehicle.name}?</span>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                        Keep
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(vehicle.id, {
                            onSuccess: () => toast.success(`Vehicle ${vehicle.name} deleted.`),
                            onError: () => toast.error('The vehicle could not be deleted.'),
                            onSettled: () => setConfirming(null),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </div>
                  ) : (
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(vehicle)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {vehicle.name}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(vehicle.id)}>
                        <Trash2 aria-hidden="true" />
                        Delete<span className="sr-only"> {vehicle.name}</span>
                      </Button>
                    </div>
                  ))}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <div>
            <Button variant="outline" size="sm" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add vehicle
            </Button>
          </div>
        )}
      </CardContent>
      {canEdit && (
        <VehicleDialog
          vehicle={editing}
          depots={depots.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
