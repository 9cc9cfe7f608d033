import { can } from '@tentpole/domain';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { useSurfaceGrid } from '../api/get-surface-grid';
import { FormSection } from './form-section';
import { SurfaceCatalogue } from './surface-catalogue';
import { SurfaceGrid } from './surface-grid';

/** back-office spec §3 Setup surfaces: the catalogue, and each product's rule on each. */
export function SurfaceSetup() {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'product.write');
  const grid = useSurfaceGrid();
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Setup Surface</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Where each product may be set up, and what each surface adds: stakes, sandbags, a fee.
        </p>
      </div>
      {grid.isPending ? (
        <LoadingRows label="Loading surfaces" rows={5} variant="cards" />
      ) : grid.isError ? (
        <QueryError
          variant="panel"
          title="Setup surfaces could not be loaded."
          onRetry={() => void grid.refetch()}
        />
      ) : (
        <>
          <SurfaceCatalogue surfaces={grid.data.surfaces} canEdit={canEdit} />
          <FormSection
            title="Rules"
            description={
              canEdit
                ? 'Pick a rule per cell; the sliders add items, a fee and crew notes. Save each product’s row.'
                : 'Which products may go on which surface.'
            }
          >
            <SurfaceGrid grid={grid.data} canEdit={canEdit} />
          </FormSection>
        </>
      )}
    </div>
  );
}
