import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can, type WebsitePagesResponse } from '@tentpole/domain';
import {
  ArrowDown,
  ArrowUp,
  ExternalLink,
  FileText,
  GripVertical,
  House,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useWebsitePages } from '../api/get-website-pages';
import { useOrderWebsitePages } from '../api/order-website-pages';
import { websiteQueryKeys } from '../api/website-query-keys';
import { moved } from '../lib/page-draft';
import { AddPageDialog } from './add-page-dialog';
import { DeletePageDialog } from './delete-page-dialog';
import { PageStateBadge } from './page-state-badge';

type Page = WebsitePagesResponse['pages'][number];

type WebsitePagesProps = {
  /** The header's Add page was pressed. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
};

const moveButtonId = (id: string, direction: 'up' | 'down') => `page-move-${direction}-${id}`;

/**
 * back-office spec §10: the store's pages, home first, then in the menu's order. Reorder by
 * dragging a page onto another's place, or with its Move up / Move down buttons (the keyboard's
 * way); the home page stays first.
 */
export function WebsitePages({ adding, onAddingChange }: WebsitePagesProps) {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'website.write');
  const pages = useWebsitePages();
  const order = useOrderWebsitePages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Page | null>(null);
  const [dragging, setDragging] = useState<Page | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const storePath = pages.data?.storePath ?? null;
  const list = pages.data?.pages ?? [];
  const home = list.filter((page) => page.isHome);
  const others = list.filter((page) => !page.isHome);

  function move(page: Page, to: number, focus?: 'up' | 'down') {
    // One move at a time; the buttons stay enabled so the keyboard keeps its place.
    if (order.isPending || !pages.data) return;
    const before = pages.data;
    const from = others.findIndex((other) => other.id === page.id);
    const reordered = [...home, ...moved(others, from, to)];
    queryClient.setQueryData<WebsitePagesResponse>(websiteQueryKeys.pages(), {
      ...before,
      pages: reordered,
    });
    order.mutate(
      reordered.map((other) => other.id),
      {
        onSuccess: () =>
          setAnnouncement(`${page.title} moved to position ${to + 1} of ${others.length}.`),
        onError: () => {
          queryClient.setQueryData(websiteQueryKeys.pages(), before);
          toast.error(`${page.title} could not be moved.`);
        },
      },
    );
    if (focus) {
      requestAnimationFrame(() => {
        const other = focus === 'up' ? 'down' : 'up';
        const target = document.getElementById(moveButtonId(page.id, focus));
        if (target instanceof HTMLButtonElement && !target.disabled) target.focus();
        else document.getElementById(moveButtonId(page.id, other))?.focus();
      });
    }
  }

  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Website Builder</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {canEdit
              ? 'The pages of your online store. Open a page to edit its sections, then publish it. Drag a page, or use its arrows, to change the menu’s order.'
              : 'The pages of your online store. You can view them; changing them needs the website.write permission.'}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/website/carts">Cart sessions</Link>
        </Button>
      </div>
      {pages.isSuccess && <StoreAddress storePath={storePath} />}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {pages.isPending ? (
        <LoadingRows label="Loading pages" rows={4} variant="cards" />
      ) : pages.isError ? (
        <QueryError
          variant="panel"
          title="The pages could not be loaded."
          onRetry={() => void pages.refetch()}
        />
      ) : list.length === 0 ? (
        <StateMessage
          icon={<FileText aria-hidden="true" />}
          title="No pages yet"
          description="Pages such as About us, FAQ and Contact tell shoppers about your business."
          action={canEdit && <Button onClick={() => onAddingChange(true)}>Add page</Button>}
        />
      ) : (
        <ul aria-label="Pages" className="grid gap-2">
          {list.map((page) => {
            const index = others.findIndex((other) => other.id === page.id);
            const movable = canEdit && !page.isHome;
            const droppable = movable && dragging !== null && dragging.id !== page.id && index >= 0;
            return (
              <li key={page.id}>
                {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the keyboard's way is the row's Move up / Move down buttons. */}
                <div
                  draggable={movable}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', page.id);
                    setDragging(page);
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(event) => {
                    if (droppable) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (droppable && dragging) move(dragging, index);
                    setDragging(null);
                  }}
                  className={cn(
                    'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-2.5 shadow-xs',
                    dragging?.id === page.id && 'opacity-50',
                    droppable && 'border-dashed border-primary',
                  )}
                >
                  {canEdit &&
                    (movable ? (
                      <GripVertical
                        aria-hidden="true"
                        className="size-4 shrink-0 cursor-grab text-muted-foreground"
                      />
                    ) : (
                      <span aria-hidden="true" className="size-4 shrink-0" />
                    ))}
                  <span className="grid size-9 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground">
                    {page.isHome ? (
                      <House aria-hidden="true" className="size-4" />
                    ) : (
                      <FileText aria-hidden="true" className="size-4" />
                    )}
                  </span>
                  <span className="grid min-w-0 flex-1 basis-48 gap-0.5">
                    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <Link
                        to="/website/pages/$pageId"
                        params={{ pageId: page.id }}
                        className="min-w-0 font-medium wrap-anywhere underline-offset-4 hover:underline"
                      >
                        {page.title}
                      </Link>
                      <PageStateBadge state={page.state} />
                    </span>
                    <span className="text-xs text-muted-foreground wrap-anywhere">
                      {page.isHome ? 'Home page' : page.path}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-1">
                    {storePath !== null && page.state !== 'draft' && (
                      <Button asChild variant="ghost" size="sm">
                        <a href={page.path} target="_blank" rel="noopener noreferrer">
                          <ExternalLink aria-hidden="true" />
                          View live page
                          <span className="sr-only"> {page.title} (opens in a new tab)</span>
                        </a>
                      </Button>
                    )}
                    {movable && (
                      <>
                        <Button
                          id={moveButtonId(page.id, 'up')}
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={index <= 0}
                          onClick={() => move(page, index - 1, 'up')}
                        >
                          <ArrowUp aria-hidden="true" />
                          <span className="sr-only">Move {page.title} up</span>
                        </Button>
                        <Button
                          id={moveButtonId(page.id, 'down')}
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={index >= others.length - 1}
                          onClick={() => move(page, index + 1, 'down')}
                        >
                          <ArrowDown aria-hidden="true" />
                          <span className="sr-only">Move {page.title} down</span>
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          onClick={() => setDeleting(page)}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only">Delete {page.title}</span>
                        </Button>
                      </>
                    )}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {canEdit && (
        <AddPageDialog open={adding} onOpenChange={onAddingChange} storePath={storePath} />
      )}
      {canEdit && <DeletePageDialog page={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

/** Where the store is, or that it has no address yet and where to give it one. */
function StoreAddress({ storePath }: { storePath: string | null }) {
  if (storePath === null) {
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        Your store has no address yet, so shoppers cannot see your pages.{' '}
        <AppLink url="/account?tab=website" className="font-medium underline underline-offset-4">
          Choose one in Website Settings
        </AppLink>
        .
      </div>
    );
  }
  return (
    <p className="text-sm text-muted-foreground wrap-anywhere">
      Your store is at{' '}
      <a
        href={storePath}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-foreground underline underline-offset-4"
      >
        {storePath}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
