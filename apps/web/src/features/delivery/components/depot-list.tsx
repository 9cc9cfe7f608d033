import type { DepotResponse } from '@tentpole/domain';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteDepot } from '../api/delete-depot';
import { useDepots } from '../api/get-depots';
import { DepotDialog } from './depot-dialog';

const PLACED: Record<DepotResponse['locatedBy'], string> = {
  pin: 'pin placed by hand',
  geocoder: 'found from the address',
  zip_centroid: 'at the ZIP code’s centre',
};

/** §2 and §7.1: the account's depots, where fees are measured from. */
export function DepotList({ canEdit }: { canEdit: boolean }) {
  const depots = useDepots();
  const remove = useDeleteDepot();
  const [editing, setEditing] = useState<DepotResponse | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Depots</CardTitle>
        <CardDescription>Warehouses deliveries start from.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {depots.isPending ? (
          <LoadingRows label="Loading depots" rows={2} variant="cards" />
        ) : depots.isError ? (
          <QueryError
            variant="panel"
            title="Depots could not be loaded."
            description="Check your connection and try again."
            onRetry={() => void depots.refetch()}
          />
        ) : depots.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No depots yet: add one to price deliveries by distance.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Depots">
            {depots.data.map((depot) => (
              <li key={depot.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex items-start gap-2">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium wrap-anywhere">{depot.name}</p>
                    <p className="text-sm wrap-anywhere">
                      {depot.address.line1}, {depot.address.city}, {depot.address.region}{' '}
                      {depot.address.postalCode}
                    </p>
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {depot.lat.toFixed(4)}, {depot.lng.toFixed(4)} · {PLACED[depot.locatedBy]}
                    </p>
                  </div>
                </div>
                {canEdit &&
                  (confirming === depot.id ? (
                    <div className="flex flex-wrap items-center justify-end gap-2">
                      <span className="text-sm">Delete {depot.name}?</span>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                        Keep
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(depot.id, {
                            onSuccess: () => toast.success(`Depot ${depot.name} deleted.`),
                            onError: () => toast.error('The depot could not be deleted.'),
                            onSettled: () => setConfirming(null),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </div>
                  ) : (
                    <div className="flex justify-end gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(depot)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {depot.name}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(depot.id)}>
                        <Trash2 aria-hidden="true" />
                        Delete<span className="sr-only"> {depot.name}</span>
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
              Add depot
            </Button>
          </div>
        )}
      </CardContent>
      {canEdit && <DepotDialog depot={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
