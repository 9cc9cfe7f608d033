import { BLACKOUT_KIND_LABELS, type Blackout } from '@tentpole/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { describeWhen, formatNextDay, nextBlackoutDay } from '../lib/describe-blackout';

type BlackoutListProps = {
  blackouts: readonly Blackout[];
  /** Names of the account's categories and products, for a scoped blackout. */
  names: { categories: ReadonlyMap<string, string>; products: ReadonlyMap<string, string> };
  /** Today in the account's time zone, for each blackout's next day. */
  today: string;
  onEdit?: ((blackout: Blackout) => void) | undefined;
  onDelete?: ((blackout: Blackout) => void) | undefined;
};

function coverage(blackout: Blackout, names: BlackoutListProps['names']): string {
  if (blackout.scope === 'business') return 'The whole business';
  const map = blackout.scope === 'category' ? names.categories : names.products;
  const labels = blackout.targetIds.map((id) => map.get(id)).filter((n) => n !== undefined);
  const what = blackout.scope === 'category' ? 'Categories' : 'Products';
  return labels.length > 0 ? `${what}: ${labels.join(', ')}` : what;
}

/** The account's blackouts as cards: name, what they stop, when, what they cover, next day. */
export function BlackoutList({ blackouts, names, today, onEdit, onDelete }: BlackoutListProps) {
  const { locale } = useAccountFormat();
  return (
    <ul aria-label="Blackouts" className="grid gap-3">
      {blackouts.map((blackout) => {
        const next = nextBlackoutDay(blackout, today);
        return (
          <li
            key={blackout.id}
            className="flex min-w-0 flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-4"
          >
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium wrap-anywhere">{blackout.name}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    blackout.kind === 'hard'
                      ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200'
                      : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
                  )}
                >
                  {BLACKOUT_KIND_LABELS[blackout.kind]}
                </span>
              </div>
              <p className="text-sm wrap-anywhere">{describeWhen(blackout, locale)}</p>
              <p className="text-sm text-muted-foreground wrap-anywhere">
                {coverage(blackout, names)}
                {' · '}
                {next ? `Next: ${formatNextDay(next, locale)}` : 'No more days ahead'}
              </p>
            </div>
            {(onEdit || onDelete) && (
              <div className="flex gap-1">
                {onEdit && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${blackout.name}`}
                    onClick={() => onEdit(blackout)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                )}
                {onDelete && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${blackout.name}`}
                    onClick={() => onDelete(blackout)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
