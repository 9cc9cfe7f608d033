import type { CouponResponse, LocaleFormat } from '@tentpole/domain';
import { Pencil } from 'lucide-react';
import { createContext, useContext, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableColumnStyle,
  type DataTableSort,
} from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { useAccountFormat } from '@/lib/account-format';
import {
  appliesToText,
  conditionsText,
  dateBasisText,
  discountText,
  type NameLookup,
  usesText,
  validDatesText,
} from '../lib/format-coupon';
import { COUPON_SORT_COLUMNS, sortCoupons } from '../lib/sort-coupons';
import { CouponStatusBadge } from './coupon-status-badge';

type OnEdit = (coupon: CouponResponse) => void;
type Names = { categories: NameLookup; products: NameLookup };

type CouponTableProps = {
  coupons: CouponResponse[];
  /** Category and product names for "applies to", where the user may read them. */
  names: Names;
  /** Opens the editor; absent for a user who may not change coupons. */
  onEdit?: OnEdit;
};

const SORTABLE = new Set<string>(COUPON_SORT_COLUMNS);

// The names arrive after the coupons: read in the cell, so the columns (and the rows' code
// buttons, which may have focus) stay the same when they do.
const NamesContext = createContext<Names>({ categories: new Map(), products: new Map() });

function AppliesTo({ coupon }: { coupon: CouponResponse }) {
  const { locale } = useAccountFormat();
  return appliesToText(coupon, useContext(NamesContext), locale);
}

/**
 * The code, its description and conditions. In the table, for a user who may edit, the code is
 * the row's button: its ::after covers the row (which is `relative`), as RowLink does for links.
 */
function CodeCell({ coupon, onEdit }: { coupon: CouponResponse; onEdit?: OnEdit }) {
  const format = useAccountFormat();
  const conditions = conditionsText(coupon, format);
  return (
    <span className="grid min-w-0 gap-0.5">
      {onEdit ? (
        <button
          type="button"
          onClick={() => onEdit(coupon)}
          className="w-fit text-left font-semibold tracking-wide wrap-anywhere outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
        >
          <span className="sr-only">Edit </span>
          {coupon.code}
          <Pencil aria-hidden="true" className="ml-1.5 inline size-3.5 text-muted-foreground" />
        </button>
      ) : (
        <span className="font-semibold tracking-wide wrap-anywhere">{coupon.code}</span>
      )}
      {coupon.description && (
        <span className="text-muted-foreground wrap-anywhere">{coupon.description}</span>
      )}
      {conditions && <span className="text-xs text-muted-foreground">{conditions}</span>}
    </span>
  );
}

function ValidDates({ coupon }: { coupon: CouponResponse }) {
  const { locale } = useAccountFormat();
  const basis = dateBasisText(coupon);
  return (
    <span className="grid gap-0.5">
      <span>{validDatesText(coupon, locale)}</span>
      {basis && <span className="text-xs text-muted-foreground">{basis}</span>}
    </span>
  );
}

function columnsFor(
  onEdit: OnEdit | undefined,
  format: LocaleFormat,
): DataTableColumn<CouponResponse>[] {
  const { money } = format;
  const columns: DataTableColumn<CouponResponse>[] = [
    {
      id: 'code',
      header: 'Code',
      accessorFn: (coupon) => coupon.code,
      enableHiding: false,
      cell: ({ row: { original } }) => <CodeCell coupon={original} onEdit={onEdit} />,
    },
    { id: 'discount', header: 'Discount', accessorFn: (coupon) => discountText(coupon, format) },
    {
      id: 'appliesTo',
      header: 'Applies to',
      cell: ({ row: { original } }) => <AppliesTo coupon={original} />,
    },
    {
      id: 'validDates',
      header: 'Valid dates',
      cell: ({ row: { original } }) => <ValidDates coupon={original} />,
    },
    { id: 'uses', header: 'Uses', accessorFn: (coupon) => usesText(coupon, format.locale) },
    {
      id: 'discountGiven',
      header: 'Discount given',
      accessorFn: (coupon) => money(coupon.discountGiven),
    },
    { id: 'revenue', header: 'Revenue', accessorFn: (coupon) => money(coupon.revenue) },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (coupon) => (coupon.active ? 'Active' : 'Inactive'),
      cell: ({ row: { original } }) => <CouponStatusBadge active={original.active} />,
    },
  ];
  return columns.map((column) => ({ ...column, enableSorting: SORTABLE.has(column.id ?? '') }));
}

const columnStyles: Record<string, DataTableColumnStyle> = {
  code: { className: 'min-w-44 max-w-64' },
  discount: { className: 'whitespace-nowrap' },
  appliesTo: { className: 'min-w-32 max-w-48 wrap-anywhere' },
  validDates: { className: 'min-w-36' },
  uses: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
  discountGiven: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
  revenue: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
  status: { className: 'whitespace-nowrap' },
};

function CouponCard({
  coupon,
  names,
  onEdit,
}: {
  coupon: CouponResponse;
  names: Names;
  onEdit: OnEdit | undefined;
}) {
  const format = useAccountFormat();
  const { locale, money } = format;
  const figures = [
    ['Uses', usesText(coupon, locale)],
    ['Discount given', money(coupon.discountGiven)],
    ['Revenue', money(coupon.revenue)],
  ] as const;
  return (
    <article className="grid min-w-0 gap-3 rounded-xl border bg-card p-3.5 text-sm shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <CodeCell coupon={coupon} />
        <CouponStatusBadge active={coupon.active} className="shrink-0" />
      </div>
      <p className="wrap-anywhere">
        <span className="font-medium">{discountText(coupon, format)}</span>
        <span className="text-muted-foreground"> · {appliesToText(coupon, names, locale)}</span>
      </p>
      <p className="text-muted-foreground">
        {[validDatesText(coupon, locale), dateBasisText(coupon)?.toLowerCase()]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map(([term, value]) => (
          <div key={term} className="grid min-w-0 content-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-medium tabular-nums wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      {onEdit && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => onEdit(coupon)}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {coupon.code}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

/** §9 Coupons with their report (uses, discount given, revenue): a table, or cards on a phone. */
export function CouponTable({ coupons, names, onEdit }: CouponTableProps) {
  const [sort, setSort] = useState<DataTableSort>(null);
  const sorted = sortCoupons(coupons, sort);
  const format = useAccountFormat();
  const columns = useMemo(() => columnsFor(onEdit, format), [onEdit, format]);
  return (
    <NamesContext value={names}>
      <DataTable
        label="Coupons"
        columns={columns}
        data={sorted}
        getRowId={(coupon) => coupon.id}
        sort={sort}
        onSortChange={setSort}
        // The API sends every coupon at once: one page.
        page={1}
        pageSize={Math.max(1, coupons.length)}
        total={coupons.length}
        renderPageLink={(_page, children) => children}
        renderCard={(coupon) => <CouponCard coupon={coupon} names={names} onEdit={onEdit} />}
        columnStyles={columnStyles}
      />
    </NamesContext>
  );
}
