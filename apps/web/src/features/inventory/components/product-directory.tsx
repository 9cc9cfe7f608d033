import { Link } from '@tanstack/react-router';
import {
  canWrite,
  numberFormat,
  type ProductListQuery,
  type ProductStatus,
} from '@tentpole/domain';
import { Package, Plus, SearchX } from 'lucide-react';
import { useId } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { SegmentedControl } from '@/components/segmented-control';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { UrlSearchBox } from '@/components/url-search-box';
import { useAccountFormat } from '@/lib/account-format';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { buildCategoryTree, flattenCategoryTree, indentedName } from '../lib/category-tree';
import { MaintenanceToday } from './maintenance-today';
import { ProductTable } from './product-table';

const count = (locale: string) => numberFormat(locale);

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

type ProductDirectoryProps = {
  /** The list query, from the URL. */
  query: ProductListQuery;
  /** Puts a changed search, category or status in the URL (back on page 1). */
  onFilterChange: (
    filter: Partial<Pick<ProductListQuery, 'search' | 'categoryId' | 'status'>>,
  ) => void;
};

/** back-office spec §3: the products, searched and filtered, a page at a time. */
export function ProductDirectory({ query, onFilterChange }: ProductDirectoryProps) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const products = useProducts(query);
  const categories = useCategories();
  const categorySelectId = useId();
  const data = products.data;
  const filtered = query.search !== '' || query.categoryId !== undefined;

  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Products</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
          {data
            ? `${count(locale).format(data.total)} ${query.status === 'archived' ? 'archived ' : ''}${data.total === 1 ? 'product' : 'products'}${filtered ? ' found' : ''}`
            : 'Everything you rent, sell or offer as a service.'}
          {products.isFetching && data && (
            <span role="status" aria-label="Updating" className="inline-flex">
              <Spinner className="size-3.5" />
            </span>
          )}
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <UrlSearchBox
          value={query.search}
          onSearch={(search) => onFilterChange({ search })}
          label="Search products"
          placeholder="Name or description…"
          className="sm:max-w-xs"
        />
        <div className="grid w-full gap-1 sm:w-56">
          <label htmlFor={categorySelectId} className="text-xs font-medium text-muted-foreground">
            Category
          </label>
          <NativeSelect
            id={categorySelectId}
            value={query.categoryId ?? ''}
            onChange={(event) => onFilterChange({ categoryId: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {flattenCategoryTree(buildCategoryTree(categories.data ?? [])).map((node) => (
              <option key={node.id} value={node.id}>
                {indentedName(node)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <SegmentedControl<ProductStatus>
          legend="Show products"
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(status) => onFilterChange({ status })}
        />
      </div>

      <div className="grid min-w-0 gap-5 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {products.isPending ? (
            <LoadingRows label="Loading products" rows={8} variant="cards" />
          ) : products.isError ? (
            <QueryError
              variant="panel"
              title="Products could not be loaded."
              description="Check your connection and try again."
              onRetry={() => void products.refetch()}
            />
          ) : data && data.products.length === 0 ? (
            filtered ? (
              <StateMessage
                icon={<SearchX aria-hidden="true" className="size-6" />}
                title="No products match"
                description="Try another search or category."
                action={
                  <Button
                    variant="outline"
                    onClick={() => onFilterChange({ search: '', categoryId: undefined })}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : query.status === 'archived' ? (
              <StateMessage
                title="No archived products"
                description="Products you archive leave the store and the pickers, and wait here."
              />
            ) : data.total > 0 ? (
              <StateMessage
                title="This page is empty"
                action={
                  <Button asChild variant="outline">
                    <Link to="/products">Back to the first page</Link>
                  </Button>
                }
              />
            ) : (
              <StateMessage
                icon={<Package aria-hidden="true" className="size-6" />}
                title="No products yet"
                description="Add what you rent: bounce houses, tents, tables, chairs."
                action={
                  canWrite(user.roles, 'product.write') ? (
                    <Button asChild>
                      <Link to="/products/new">
                        <Plus aria-hidden="true" />
                        New Product
                      </Link>
                    </Button>
                  ) : null
                }
              />
            )
          ) : data ? (
            <ProductTable
              products={data.products}
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              renderPageLink={(page, children) => (
                <Link
                  from="/products"
                  to="/products"
                  search={(previous) => ({ ...previous, page })}
                >
                  {children}
                </Link>
              )}
            />
          ) : null}
        </div>
        <aside aria-label="Maintenance" className="min-w-0">
          <MaintenanceToday />
        </aside>
      </div>
    </div>
  );
}
