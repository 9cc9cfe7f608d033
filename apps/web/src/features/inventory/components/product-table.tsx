import { Link } from '@tanstack/react-router';
import {
  type LocaleFormat,
  numberFormat,
  PRODUCT_TYPE_LABELS,
  type ProductListItem,
} from '@tentpole/domain';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableColumnStyle,
} from '@/components/data-table/data-table';
import { RowLink } from '@/components/data-table/row-link';
import { useAccountFormat } from '@/lib/account-format';
import { formatPriceSummary } from '../lib/format-price';
import { ProductThumbnail } from './product-thumbnail';

const count = (locale: string) => numberFormat(locale);

function quantityText(product: ProductListItem, locale: string): string {
  if (product.type !== 'rental') return '—';
  const units =
    product.tracking === 'serialized' ? (product.quantity === 1 ? ' unit' : ' units') : '';
  return `${count(locale).format(product.quantity)}${units}`;
}

const columnsFor = (format: LocaleFormat): DataTableColumn<ProductListItem>[] => [
  {
    id: 'name',
    header: 'Product',
    accessorFn: (product) => product.name,
    enableSorting: false,
    enableHiding: false,
    cell: ({ row: { original: product } }) => (
      <span className="flex items-center gap-3">
        <ProductThumbnail url={product.imageUrl} />
        <span className="grid min-w-0 gap-0.5">
          <RowLink
            to="/products/$productId"
            params={{ productId: product.id }}
            className="wrap-anywhere"
          >
            {product.name}
          </RowLink>
          {!product.showInStore && (
            <span className="text-xs text-muted-foreground">Not in store</span>
          )}
        </span>
      </span>
    ),
  },
  {
    id: 'category',
    header: 'Category',
    accessorFn: (product) => product.categoryName ?? '',
    enableSorting: false,
    cell: ({ row: { original: product } }) => (
      <span
        className="block truncate text-muted-foreground"
        title={product.categoryName ?? undefined}
      >
        {product.categoryName ?? '—'}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    accessorFn: (product) => PRODUCT_TYPE_LABELS[product.type],
    enableSorting: false,
  },
  {
    id: 'quantity',
    header: 'Quantity',
    accessorFn: (product) => quantityText(product, format.locale),
    enableSorting: false,
  },
  {
    id: 'price',
    header: 'Price',
    accessorFn: (product) => formatPriceSummary(product.pricing, format),
    enableSorting: false,
  },
];

const columnStyles: Record<string, DataTableColumnStyle> = {
  name: { className: 'min-w-56' },
  category: { className: 'max-w-44' },
  type: { className: 'whitespace-nowrap' },
  quantity: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
  price: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
};

function ProductCard({ product }: { product: ProductListItem }) {
  const format = useAccountFormat();
  return (
    <Link
      to="/products/$productId"
      params={{ productId: product.id }}
      className="flex items-start gap-3 rounded-xl border bg-card p-3.5 shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ProductThumbnail url={product.imageUrl} className="size-12" />
      <span className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="font-semibold wrap-anywhere">{product.name}</span>
        <span className="truncate text-muted-foreground">
          {[product.categoryName, PRODUCT_TYPE_LABELS[product.type]].filter(Boolean).join(' · ')}
        </span>
        <span className="flex flex-wrap gap-x-3 tabular-nums">
          <span>{formatPriceSummary(product.pricing, format)}</span>
          {product.type === 'rental' && (
            <span className="text-muted-foreground">
              Qty {quantityText(product, format.locale)}
            </span>
          )}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="mt-2 size-4 text-muted-foreground" />
    </Link>
  );
}

type ProductTableProps = {
  products: ProductListItem[];
  page: number;
  pageSize: number;
  total: number;
  renderPageLink: (page: number, children: ReactNode) => ReactNode;
};

/** One page of products: a table on wider screens, cards on a phone; each row links to it. */
export function ProductTable({
  products,
  page,
  pageSize,
  total,
  renderPageLink,
}: ProductTableProps) {
  const format = useAccountFormat();
  const columns = useMemo(() => columnsFor(format), [format]);
  return (
    <DataTable
      label="Products"
      columns={columns}
      data={products}
      getRowId={(product) => product.id}
      // The API lists by name; there is nothing to sort by.
      sort={null}
      onSortChange={() => {}}
      page={page}
      pageSize={pageSize}
      total={total}
      renderPageLink={renderPageLink}
      renderCard={(product) => <ProductCard product={product} />}
      columnStyles={columnStyles}
    />
  );
}
