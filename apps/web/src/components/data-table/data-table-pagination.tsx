import { numberFormat } from '@tentpole/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAccountFormat } from '@/lib/account-format';

type DataTablePaginationProps = {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  renderPageLink: (page: number, children: ReactNode) => ReactNode;
};

const count = (locale: string) => numberFormat(locale);

/** Previous and Next as links, so a page can be opened, bookmarked and reached by keyboard. */
export function DataTablePagination({
  page,
  pageCount,
  pageSize,
  total,
  renderPageLink,
}: DataTablePaginationProps) {
  const { locale } = useAccountFormat();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const pageButton = (target: number, disabled: boolean, children: ReactNode) =>
    disabled ? (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    ) : (
      <Button asChild variant="outline" size="sm">
        {renderPageLink(target, children)}
      </Button>
    );

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 text-sm sm:flex-row"
    >
      <p className="text-muted-foreground" aria-live="polite">
        {first}–{last} of {count(locale).format(total)} · Page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {pageButton(
          page - 1,
          page <= 1,
          <>
            <ChevronLeft aria-hidden="true" />
            Previous
          </>,
        )}
        {pageButton(
          page + 1,
          page >= pageCount,
          <>
            Next
            <ChevronRight aria-hidden="true" />
          </>,
        )}
      </div>
    </nav>
  );
}
