import {
  SURFACE_ALLOWED,
  SURFACE_ALLOWED_LABELS,
  type SurfaceAllowed,
  type SurfaceRule,
} from '@tentpole/domain';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import type { SurfaceGrid as SurfaceGridData, SurfaceGridProduct } from '../api/get-surface-grid';
import { useSaveSurfaceRules } from '../api/save-surface-rules';
import { formatPrice } from '../lib/format-price';
import { ruleExtras } from '../lib/surface-rule-form';
import { type RuleTarget, SurfaceRuleDialog } from './surface-rule-dialog';

const NOT_SET = '';

type SurfaceGridProps = { grid: SurfaceGridData; canEdit: boolean };

/**
 * Every product × surface rule (spec §3) in one table a busy owner fills in minutes: a select
 * per cell, an editor for a cell's items, fee and notes, and a Save per product row (its rules
 * are PUT as one list). The table scrolls sideways inside its own box on a phone.
 */
export function SurfaceGrid({ grid, canEdit }: SurfaceGridProps) {
  // Rows changed and not saved yet: product id → its whole rule list as edited.
  const [drafts, setDrafts] = useState<Record<string, SurfaceRule[]>>({});
  const [target, setTarget] = useState<RuleTarget | null>(null);
  const save = useSaveSurfaceRules();
  const [savingId, setSavingId] = useState<string | null>(null);
  const format = useAccountFormat();

  const rulesOf = (product: SurfaceGridProduct) => drafts[product.id] ?? product.rules;

  function setRule(product: SurfaceGridProduct, surfaceId: string, rule: SurfaceRule | null) {
    const others = rulesOf(product).filter((existing) => existing.surfaceId !== surfaceId);
    setDrafts((previous) => ({ ...previous, [product.id]: rule ? [...others, rule] : others }));
  }

  function choose(product: SurfaceGridProduct, surfaceId: string, value: string) {
    const current = rulesOf(product).find((rule) => rule.surfaceId === surfaceId);
    if (value === NOT_SET) return setRule(product, surfaceId, null);
    const allowed = value as SurfaceAllowed;
    setRule(
      product,
      surfaceId,
      current
        ? { ...current, allowed }
        : { surfaceId, allowed, components: [], fee: null, crewNotes: null },
    );
  }

  function saveRow(product: SurfaceGridProduct) {
    const rules = drafts[product.id];
    if (!rules) return;
    setSavingId(product.id);
    save.mutate(
      { productId: product.id, rules },
      {
        onSuccess: () => {
          setDrafts(({ [product.id]: _saved, ...rest }) => rest);
          toast.success(`${product.name}: surfaces saved.`);
        },
        onError: (error) => toast.error(`${product.name}: not saved. ${error.message}`),
        onSettled: () => setSavingId(null),
      },
    );
  }

  if (grid.surfaces.length === 0 || grid.products.length === 0) {
    return (
      <p className="rounded-xl border border-dashed bg-muted/30 px-4 py-8 text-center text-sm text-muted-foreground">
        {grid.surfaces.length === 0
          ? 'Add a surface to set which products can go on it.'
          : 'Add products to set where they can be set up.'}
      </p>
    );
  }

  return (
    <>
      <UnsavedChangesGuard when={Object.keys(drafts).length > 0} />
      {/* relative: the labels only screen readers see are placed inside this box; without it
          they sit past the table's right edge and widen the page on a phone. */}
      <section
        className="relative max-w-full overflow-x-auto rounded-xl border bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-label="Rules by product and surface"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take focus, so a keyboard can scroll it even where its cells hold nothing focusable (axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="w-max min-w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            Whether each product may be set up on each surface, and what that adds
          </caption>
          <thead className="bg-muted/40 text-left text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="sticky left-0 z-10 border-b bg-muted px-3 py-2">
                Product
              </th>
              {grid.surfaces.map((surface) => (
                <th
                  key={surface.id}
                  scope="col"
                  className="max-w-40 border-b px-2 py-2 font-medium"
                >
                  <span className="block truncate" title={surface.name}>
                    {surface.name}
                  </span>
                </th>
              ))}
              {canEdit && (
                <th scope="col" className="sticky right-0 z-10 border-b bg-muted px-3 py-2">
                  <span className="sr-only">Save</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {grid.products.map((product) => {
              const dirty = drafts[product.id] !== undefined;
              const rules = rulesOf(product);
              return (
                <tr key={product.id} className={cn(dirty && 'bg-amber-500/5')}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-36 border-b bg-card px-3 py-2 text-left font-medium sm:max-w-56"
                  >
                    <span className="line-clamp-2 wrap-anywhere" title={product.name}>
                      {product.name}
                    </span>
                    {dirty && (
                      <span className="block text-xs font-normal text-amber-700 dark:text-amber-400">
                        Not saved
                      </span>
                    )}
                  </th>
                  {grid.surfaces.map((surface) => {
                    const rule = rules.find((candidate) => candidate.surfaceId === surface.id);
                    const extras = rule
                      ? ruleExtras(rule, (cents) => formatPrice(cents, format))
                      : '';
                    return (
                      <td key={surface.id} className="border-b px-2 py-2 align-top">
                        <div className="flex items-center gap-1">
                          <select
                            aria-label={`${product.name} on ${surface.name}`}
                            value={rule?.allowed ?? NOT_SET}
                            disabled={!canEdit}
                            onChange={(event) => choose(product, surface.id, event.target.value)}
                            className="h-9 w-36 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-70 sm:h-8 sm:text-xs"
                          >
                            <option value={NOT_SET}>Not set</option>
                            {SURFACE_ALLOWED.map((allowed) => (
                              <option key={allowed} value={allowed}>
                                {SURFACE_ALLOWED_LABELS[allowed]}
                              </option>
                            ))}
                          </select>
                          {canEdit && (
                            <Button
                              type="button"
                              variant="ghost"
                              size="icon"
                              className="size-9 sm:size-8"
                              disabled={!rule || rule.allowed === 'no'}
                              onClick={() =>
                                rule &&
                                setTarget({
                                  productId: product.id,
                                  productName: product.name,
                                  surfaceId: surface.id,
                                  surfaceName: surface.name,
                                  allowed: rule.allowed,
                                  rule,
                                })
                              }
                            >
                              <SlidersHorizontal aria-hidden="true" />
                              <span className="sr-only">
                                Items, fee and notes for {product.name} on {surface.name}
                              </span>
                            </Button>
                          )}
                        </div>
                        {extras && (
                          <p className="mt-1 max-w-44 text-xs text-muted-foreground">{extras}</p>
                        )}
                      </td>
                    );
                  })}
                  {canEdit && (
                    <td className="sticky right-0 z-10 border-b bg-card px-3 py-2 align-top">
                      <Button
                        type="button"
                        size="sm"
                        disabled={!dirty || savingId === product.id}
                        onClick={() => saveRow(product)}
                      >
                        {savingId === product.id && <Spinner className="size-4" />}
                        Save<span className="sr-only"> {product.name}</span>
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <SurfaceRuleDialog
        target={target}
        onClose={() => setTarget(null)}
        onApply={(rule) => {
          const product = grid.products.find((candidate) => candidate.id === target?.productId);
          if (product) setRule(product, rule.surfaceId, rule);
        }}
      />
    </>
  );
}
