import { can } from '@tentpole/domain';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { useDeliverySettings } from '../api/get-delivery-settings';
import { DeliveryRulesForm } from './delivery-rules-form';
import { DepotList } from './depot-list';
import { QuoteTryBox } from './quote-try-box';
import { VehicleList } from './vehicle-list';

/**
 * back-office spec §7.1: delivery methods, fee rules and depots; `delivery.read` to see them,
 * `delivery.write` to change them. The try box prices an address with the saved rules.
 */
export function DeliverySettingsManager() {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'delivery.write');
  const settings = useDeliverySettings();

  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Delivery settings</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {canEdit
            ? 'How you deliver and what it costs. Booked orders keep the fee they were priced with.'
            : 'How this business delivers and what it costs. Ask an owner to change them.'}
        </p>
      </div>
      {settings.isPending ? (
        <LoadingRows label="Loading delivery settings" rows={4} variant="cards" />
      ) : settings.isError ? (
        <QueryError
          variant="panel"
          title="Delivery settings could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="grid min-w-0 items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <DeliveryRulesForm settings={settings.data} canEdit={canEdit} />
          <div className="grid min-w-0 gap-5">
            <DepotList canEdit={canEdit} />
            <VehicleList canEdit={canEdit} />
            <QuoteTryBox settings={settings.data} />
          </div>
        </div>
      )}
    </div>
  );
}
