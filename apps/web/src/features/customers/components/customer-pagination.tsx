import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

type CustomerPaginationProps = {
  page: number;
  pageSize: number;
  total: number;
};

const count = new Intl.NumberFormat('en-US');

/** Previous and Next as links, so a page can be opened, bookmarked and reached by keyboard. */
export function CustomerPagination({ page, pageSize, total }: CustomerPaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col items-center justify-between gap-3 text-sm sm:flex-row"
    >
      <p className="text-muted-foreground" aria-live="polite">
        {first}–{last} of {count.format(total)} · Page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        <PageLink page={page - 1} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </PageLink>
        <PageLink page={page + 1} disabled={page >= pageCount}>
          Next
          <ChevronRight aria-hidden="true" />
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({
  page,
  disabled,
  children,
}: {
  page: number;
  disabled: boolean;
  children: React.ReactNode;
}) {
  if (disabled) {
    return (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link from="/customers" to="/customers" search={(previous) => ({ ...previous, page })}>
        {children}
      </Link>
    </Button>
  );
}
