import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { DataTablePagination } from './data-table-pagination';

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
});
type Features = typeof dataTableFeatures;

/** A column: its header text is also its name in the Columns menu and the phone's Sort by. */
export type DataTableColumn<TData extends RowData> = ColumnDef<Features, TData> & {
  header: string;
};

/** How a column's cells sit: numbers align to the end; classes size or truncate a column. */
export type DataTableColumnStyle = { align?: 'start' | 'end'; className?: string };

/** A column a server sorts by, and its direction; null for the list's own order. */
export type DataTableSort = { column: string; direction: 'asc' | 'desc' } | null;

type DataTableProps<TData extends RowData> = {
  /** Names the table (and the card list on a phone). */
  label: string;
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId: (row: TData) => string;
  /** The server's sort; headers of sortable columns change it. */
  sort: DataTableSort;
  onSortChange: (sort: DataTableSort) => void;
  /** The server's page (1-based) and the total, for the page links under the table. */
  page: number;
  pageSize: number;
  total: number;
  /** A link to a page (Previous and Next are links, so pages open and bookmark). */
  renderPageLink: (page: number, children: ReactNode) => ReactNode;
  /** On a phone each row is a card instead of a table row; the sort is a select above them. */
  renderCard?: (row: TData) => ReactNode;
  /** Column id → how its cells sit. */
  columnStyles?: Record<string, DataTableColumnStyle>;
  /** Columns hidden until the user shows them. */
  initialColumnVisibility?: ColumnVisibilityState;
};

const toSorting = (sort: DataTableSort): SortingState =>
  sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : [];

/**
 * A server-sorted, server-paged table on TanStack Table: sortable headers (buttons in
 * aria-sort headers), a Columns menu to hide and show columns, page links, and on a phone the
 * rows as cards. Row links: a cell renders a RowLink, and the whole row is its click target.
 */
export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  sort,
  onSortChange,
  page,
  pageSize,
  total,
  renderPageLink,
  renderCard,
  columnStyles = {},
  initialColumnVisibility = {},
}: DataTableProps<TData>) {
  const [columnVisibility, setColumnVisibility] = useState(initialColumnVisibility);
  const sortSelectId = useId();
  // Stable objects: the table compares its state by reference, and a new one each render
  // would set it again on every render.
  const sortColumn = sort?.column;
  const sortDirection = sort?.direction;
  const sorting = useMemo(
    () =>
      toSorting(
        sortColumn && sortDirection ? { column: sortColumn, direction: sortDirection } : null,
      ),
    [sortColumn, sortDirection],
  );
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableSortingRemoval: true,
    state: { sorting, columnVisibility, pagination },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const [first] = next;
      onSortChange(first ? { column: first.id, direction: first.desc ? 'desc' : 'asc' } : null);
    },
    onColumnVisibilityChange: setColumnVisibility,
  });
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const labelOf = (column: { id: string; columnDef: { header?: unknown } }) =>
    typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;

  return (
    <div data-slot="data-table" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {renderCard && sortable.length > 0 && (
          <div className="flex flex-1 items-center gap-2 text-sm md:hidden">
            <label htmlFor={sortSelectId} className="shrink-0 text-muted-foreground">
              Sort by
            </label>
            <NativeSelect
              id={sortSelectId}
              value={sort ? `${sort.column}:${sort.direction}` : ''}
              onChange={(event) => {
                const [column, direction] = event.target.value.split(':');
                onSortChange(
                  column && (direction === 'asc' || direction === 'desc')
                    ? { column, direction }
                    : null,
                );
              }}
            >
              <option value="">Default order</option>
              {sortable.flatMap((column) => [
                <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                  {labelOf(column)}, ascending
                </option>,
                <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                  {labelOf(column)}, descending
                </option>,
              ])}
            </NativeSelect>
          </div>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" className={cn(renderCard && 'max-md:hidden')}>
              <Columns3 aria-hidden="true" />
              Columns
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Show columns</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {table
              .getAllLeafColumns()
              .filter((column) => column.getCanHide())
              .map((column) => (
                <DropdownMenuCheckboxItem
                  key={column.id}
                  checked={column.getIsVisible()}
                  onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
                  onSelect={(event) => event.preventDefault()}
                >
                  {labelOf(column)}
                </DropdownMenuCheckboxItem>
              ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <div
        className={cn('overflow-x-auto rounded-xl border bg-card', renderCard && 'hidden md:block')}
      >
        <table aria-label={label} className="w-full text-sm">
          <thead className="border-b bg-muted/40 text-left text-xs font-medium text-muted-foreground">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { column } = header;
                  const style = columnStyles[column.id];
                  const direction = column.getIsSorted();
                  const end = style?.align === 'end';
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : undefined
                      }
                      className={cn(
                        'px-3 py-2 font-medium whitespace-nowrap first:pl-4 last:pr-4',
                        end && 'text-right',
                      )}
                    >
                      {column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={column.getToggleSortingHandler()}
                          className={cn(
                            '-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                            direction && 'text-foreground',
                            end && 'flex-row-reverse',
                          )}
                        >
                          <table.FlexRender header={header} />
                          {direction === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3.5" />
                          ) : direction === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="relative transition-colors focus-within:bg-accent/60 hover:bg-accent/60"
              >
                {row.getVisibleCells().map((cell) => {
                  const style = columnStyles[cell.column.id];
                  return (
                    <td
                      key={cell.id}
                      className={cn(
                        'px-3 py-3 align-middle first:pl-4 last:pr-4',
                        style?.align === 'end' && 'text-right',
                        style?.className,
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {renderCard && (
        <ul aria-label={label} className="grid gap-2 md:hidden">
          {data.map((row) => (
            <li key={getRowId(row)}>{renderCard(row)}</li>
          ))}
        </ul>
      )}

      <DataTablePagination
        page={page}
        pageCount={Math.max(1, table.getPageCount())}
        pageSize={pageSize}
        total={total}
        renderPageLink={renderPageLink}
      />
    </div>
  );
}
