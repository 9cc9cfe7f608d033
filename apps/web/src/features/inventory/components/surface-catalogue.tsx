import type { Surface } from '@tentpole/domain';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormSection } from './form-section';
import { SurfaceDialog } from './surface-dialog';

/** The account's setup surfaces (spec §3), with Add and Edit for those who may change them. */
export function SurfaceCatalogue({ surfaces, canEdit }: { surfaces: Surface[]; canEdit: boolean }) {
  const [editing, setEditing] = useState<Surface | 'new' | null>(null);
  return (
    <FormSection
      title="Surfaces"
      description="Where your products get set up. Customers pick among the visible ones."
      actions={
        canEdit && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add surface
          </Button>
        )
      }
    >
      {surfaces.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No surfaces yet: add grass, concrete, indoor…
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {surfaces.map((surface) => (
            <li key={surface.id} className="flex items-start gap-2 rounded-lg border p-3 text-sm">
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium wrap-anywhere">{surface.name}</span>
                {surface.description && (
                  <span className="text-muted-foreground wrap-anywhere">{surface.description}</span>
                )}
                <span className="text-xs text-muted-foreground">
                  {surface.customerVisible ? 'Customers may pick it' : 'Staff only'}
                </span>
              </span>
              {canEdit && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={() => setEditing(surface)}
                >
                  <Pencil aria-hidden="true" />
                  <span className="sr-only">Edit {surface.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <SurfaceDialog surface={editing} onClose={() => setEditing(null)} />
    </FormSection>
  );
}
