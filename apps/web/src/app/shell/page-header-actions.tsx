import { useRouter } from '@tanstack/react-router';
import { canWrite, type Permission } from '@tentpole/domain';
import { MoreHorizontal } from 'lucide-react';
import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { pagePermission } from '@/app/providers/page-access';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** A link (href) or a click action (onClick); spec §3 Header page props. */
type Target = { href: string; onClick?: never } | { onClick: () => void; href?: never };

export type HeaderActionButton = Target & {
  label: string;
  /**
   * The permission the action is about; the button needs write on its resource (spec §6). A
   * link names none: it is the permission its page declares (the route's staticData).
   */
  permission?: Permission;
  icon?: ReactNode;
};

export type HeaderSecondaryAction = Target & { label: string };

type PageHeaderActionsProps = {
  actionButton?: HeaderActionButton;
  secondaryActions?: readonly HeaderSecondaryAction[];
};

const HeaderActionsSlotContext = createContext<HTMLElement | null>(null);

/** Where pages' header actions are drawn: the element at the end of the header. */
export const HeaderActionsSlotProvider = HeaderActionsSlotContext;

/**
 * A page's actions in the header (spec §2 Header): an optional secondary-actions dropdown and
 * an optional primary button. Render it anywhere in the page; it draws into the header.
 */
export function PageHeaderActions(props: PageHeaderActionsProps) {
  const slot = useContext(HeaderActionsSlotContext);
  if (slot === null) return null;
  return createPortal(<HeaderActions {...props} />, slot);
}

export function HeaderActions({ actionButton, secondaryActions = [] }: PageHeaderActionsProps) {
  return (
    <>
      {secondaryActions.length > 0 && <SecondaryActions actions={secondaryActions} />}
      {actionButton && <PrimaryAction action={actionButton} />}
    </>
  );
}

function SecondaryActions({ actions }: { actions: readonly HeaderSecondaryAction[] }) {
  // Not modal: a modal menu hides the page with aria-hidden while it stays focusable.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" className="size-8">
          <MoreHorizontal aria-hidden="true" />
          <span className="sr-only">More actions</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        {actions.map((action) =>
          action.href !== undefined ? (
            <DropdownMenuItem key={action.label} asChild>
              <AppLink url={action.href}>{action.label}</AppLink>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={action.label} onSelect={action.onClick}>
              {action.label}
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function PrimaryAction({ action }: { action: HeaderActionButton }) {
  const { user } = useAuthenticatedSession();
  const router = useRouter();
  const permission =
    action.permission ??
    (action.href === undefined ? undefined : pagePermission(router, action.href));
  // spec §6: disabled unless the user has write on the resource derived from the permission.
  const allowed = permission === undefined || canWrite(user.roles, permission);

  if (!allowed) {
    return (
      <Button size="sm" disabled title="You do not have permission to do this.">
        {action.icon}
        {action.label}
      </Button>
    );
  }
  if (action.href !== undefined) {
    return (
      <Button asChild size="sm">
        <AppLink url={action.href}>
          {action.icon}
          {action.label}
        </AppLink>
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={action.onClick}>
      {action.icon}
      {action.label}
    </Button>
  );
}
