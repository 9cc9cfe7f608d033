import { useQueryClient } from '@tanstack/react-query';
import { type Category, can } from '@tentpole/domain';
import { ArrowDown, ArrowUp, FolderTree, GripVertical, Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCategories } from '../api/get-categories';
import { inventoryQueryKeys } from '../api/inventory-query-keys';
import { useUpdateCategory } from '../api/save-category';
import {
  buildCategoryTree,
  type CategoryNode,
  movedPosition,
  withCategoryMoved,
} from '../lib/category-tree';
import { CategoryDialog } from './category-dialog';

type CategoryManagerProps = {
  /** The header's New Category was pressed. */
  creating: boolean;
  onCreatingChange: (creating: boolean) => void;
};

const moveButtonId = (id: string, direction: 'up' | 'down') => `category-move-${direction}-${id}`;

/**
 * back-office spec §3 Categories: the nested, ordered tree. Reorder by dragging a row onto a
 * sibling's place, or with each row's Move up / Move down buttons (the keyboard's way).
 */
export function CategoryManager({ creating, onCreatingChange }: CategoryManagerProps) {
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'product.write');
  const categories = useCategories();
  const update = useUpdateCategory();
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [dragging, setDragging] = useState<Category | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const list = categories.data ?? [];
  const tree = buildCategoryTree(list);
  // Read from the query, so an uploaded image shows in the open dialog at once.
  const editing = list.find((category) => category.id === editingId) ?? null;

  function move(
    category: Category,
    position: number,
    siblings: readonly Category[],
    focus?: 'up' | 'down',
  ) {
    // One move at a time. The buttons stay enabled meanwhile: a button disabled under the
    // keyboard would drop its focus to the page.
    if (update.isPending) return;
    const key = inventoryQueryKeys.categories();
    const before = queryClient.getQueryData<Category[]>(key);
    // Shown moved at once; the server's order replaces it when the PATCH answers.
    if (before) queryClient.setQueryData(key, withCategoryMoved(before, category.id, position));
    update.mutate(
      { id: category.id, patch: { position } },
      {
        onSuccess: () => {
          setAnnouncement(
            `${category.name} moved to position ${position + 1} of ${siblings.length}.`,
          );
        },
        onError: () => {
          if (before) queryClient.setQueryData(key, before);
          toast.error(`${category.name} could not be moved.`);
        },
      },
    );
    if (focus) {
      // The row moved; keep the keyboard on its button (or the other one at an end).
      requestAnimationFrame(() => {
        const other = focus === 'up' ? 'down' : 'up';
        const target = document.getElementById(moveButtonId(category.id, focus));
        if (target instanceof HTMLButtonElement && !target.disabled) target.focus();
        else document.getElementById(moveButtonId(category.id, other))?.focus();
      });
    }
  }

  function renderList(nodes: CategoryNode[], label: string) {
    return (
      <ul
        aria-label={label}
        className={cn('grid gap-2', nodes[0]?.depth ? 'mt-2 ml-4 border-l pl-3 sm:ml-6' : '')}
      >
        {nodes.map((node, index) => {
          const up = movedPosition(nodes, node.id, 'up');
          const down = movedPosition(nodes, node.id, 'down');
          const droppable =
            canEdit &&
            dragging !== null &&
            dragging.parentId === node.parentId &&
            dragging.id !== node.id;
          return (
            <li key={node.id}>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the keyboard's way is the row's Move up / Move down buttons. */}
              <div
                draggable={canEdit}
                onDragStart={(event) => {
                  event.stopPropagation();
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', node.id);
                  setDragging(node);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(event) => {
                  if (droppable) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  if (droppable && dragging) move(dragging, index, nodes);
                  setDragging(null);
                }}
                className={cn(
                  'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-2.5 shadow-xs',
                  dragging?.id === node.id && 'opacity-50',
                  droppable && 'border-dashed border-primary',
                )}
              >
                {canEdit && (
                  <GripVertical
                    aria-hidden="true"
                    className="size-4 shrink-0 cursor-grab text-muted-foreground"
                  />
                )}
                {node.imageUrl ? (
                  <img
                    src={node.imageUrl}
                    alt=""
                    className="size-9 shrink-0 rounded-md border object-cover"
                  />
                ) : (
                  <span className="grid size-9 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground">
                    <FolderTree aria-hidden="true" className="size-4" />
                  </span>
                )}
                <span className="grid min-w-0 flex-1 basis-40">
                  <span className="font-medium wrap-anywhere">{node.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {node.productCount} {node.productCount === 1 ? 'product' : 'products'}
                    {!node.showInStore && ' · Hidden from store'}
                  </span>
                </span>
                {canEdit && (
                  <span className="flex gap-1">
                    <Button
                      id={moveButtonId(node.id, 'up')}
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={up === null}
                      onClick={() => up !== null && move(node, up, nodes, 'up')}
                    >
                      <ArrowUp aria-hidden="true" />
                      <span className="sr-only">Move {node.name} up</span>
                    </Button>
                    <Button
                      id={moveButtonId(node.id, 'down')}
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={down === null}
                      onClick={() => down !== null && move(node, down, nodes, 'down')}
                    >
                      <ArrowDown aria-hidden="true" />
                      <span className="sr-only">Move {node.name} down</span>
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      onClick={() => setEditingId(node.id)}
                    >
                      <Pencil aria-hidden="true" />
                      <span className="sr-only">Edit {node.name}</span>
                    </Button>
                  </span>
                )}
              </div>
              {node.children.length > 0 && renderList(node.children, `In ${node.name}`)}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Categories</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {canEdit
            ? 'Group products for your store and reports. Drag a category, or use its arrows, to change the order.'
            : 'How products are grouped for your store and reports.'}
        </p>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {categories.isPending ? (
        <LoadingRows label="Loading categories" rows={5} variant="cards" />
      ) : categories.isError ? (
        <QueryError
          variant="panel"
          title="Categories could not be loaded."
          onRetry={() => void categories.refetch()}
        />
      ) : tree.length === 0 ? (
        <StateMessage
          icon={<FolderTree aria-hidden="true" />}
          title="No categories yet"
          description="Categories such as Bounce Houses, Tents and Tables group your products."
          action={canEdit && <Button onClick={() => onCreatingChange(true)}>New Category</Button>}
        />
      ) : (
        renderList(tree, 'Categories')
      )}
      <CategoryDialog
        category={creating ? 'new' : editing}
        tree={tree}
        onClose={() => {
          onCreatingChange(false);
          setEditingId(null);
        }}
      />
    </div>
  );
}
