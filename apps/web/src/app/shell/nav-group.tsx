import { useRouterState } from '@tanstack/react-router';
import { can, hasPhoneService, type NavItem, type Permission } from '@tentpole/domain';
import { ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { AppLink } from '@/components/app-link';
import { Collapsible, CollapsibleContent } from '@/components/ui/collapsible';
import {
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuAction,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { usePhoneInfo } from '@/features/phone/api/get-phone-info';
import { UnreadTextsBadge } from '@/features/phone/components/unread-texts-badge';
import {
  preloadCommandPalette,
  useCommandPalette,
} from './command-palette/command-palette-provider';
import { fallbackNavIcon, navIcons } from './nav-icons';
import { isAtUrl, isExactlyAtUrl, type NavLocation } from './nav-location';

function useNavLocation(): NavLocation {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.search });
  return { pathname, search };
}

/** Closes the mobile sheet once a link in it is followed. */
function useCloseMobileSheet(): () => void {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

type NavGroupProps = {
  label?: string;
  items: readonly NavItem[];
};

export function NavGroup({ label, items }: NavGroupProps) {
  const location = useNavLocation();
  const labelId = label ? `nav-${label.toLowerCase().replace(/\s+/g, '-')}` : undefined;
  return (
    <SidebarGroup aria-labelledby={labelId} aria-label={label ? undefined : 'Quick links'}>
      {label && <SidebarGroupLabel id={labelId}>{label}</SidebarGroupLabel>}
      <SidebarMenu>
        {items.map((item) =>
          item.action === 'command-palette' ? (
            <SearchNavItem key={item.title} item={item} />
          ) : item.items?.length ? (
            <CollapsibleNavItem key={item.title} item={item} location={location} />
          ) : (
            <LinkNavItem key={item.title} item={item} isActive={isAtUrl(item.url, location)} />
          ),
        )}
      </SidebarMenu>
    </SidebarGroup>
  );
}

/** The palette's shortcut as this keyboard writes it. */
function paletteShortcutLabel(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘K' : 'Ctrl K';
}

/**
 * spec §2's Search quick link opens the command palette (issue 15: it went to the dashboard),
 * and says its shortcut.
 */
function SearchNavItem({ item }: { item: NavItem }) {
  const Icon = navIcons[item.title] ?? fallbackNavIcon;
  const { openPalette } = useCommandPalette();
  const closeMobileSheet = useCloseMobileSheet();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        type="button"
        tooltip={item.title}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onPointerEnter={preloadCommandPalette}
        onFocus={preloadCommandPalette}
        onClick={() => {
          closeMobileSheet();
          openPalette();
        }}
      >
        <Icon aria-hidden="true" />
        <span>{item.title}</span>
        {/* Said to assistive technology by aria-keyshortcuts; shown here for the eye. */}
        <span
          aria-hidden="true"
          className="ml-auto rounded border bg-background px-1.5 text-[0.7rem] text-muted-foreground group-data-[collapsible=icon]:hidden"
        >
          {paletteShortcutLabel()}
        </span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function LinkNavItem({ item, isActive }: { item: NavItem; isActive: boolean }) {
  const Icon = navIcons[item.title] ?? fallbackNavIcon;
  const closeMobileSheet = useCloseMobileSheet();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isActive} tooltip={item.title}>
        <AppLink
          url={item.url}
          aria-current={isActive ? 'page' : undefined}
          onClick={closeMobileSheet}
          // Room for Reach's unread badge beside its plus action.
          className={item.action === 'outbound-call' ? 'pr-14!' : undefined}
        >
          <Icon aria-hidden="true" />
          <span>{item.title}</span>
        </AppLink>
      </SidebarMenuButton>
      {item.action === 'outbound-call' && (
        <>
          <UnreadTextsBadge />
          <OutboundCallAction permission={item.permission} />
        </>
      )}
    </SidebarMenuItem>
  );
}

/**
 * spec §2, §6: Reach's plus action, active only when the account has phone service, and only
 * for a user who may open Reach (the permission its page declares): Reach itself shows to
 * everyone (decision 0006).
 */
function OutboundCallAction({ permission }: { permission: Permission | undefined }) {
  const { user } = useAuthenticatedSession();
  const mayCall = permission === undefined || can(user.roles, permission);
  const phoneInfo = usePhoneInfo({ enabled: mayCall });
  const { openOutboundCall } = useOutboundCall();
  const active = mayCall && hasPhoneService(phoneInfo.data);
  return (
    <SidebarMenuAction
      aria-label="Outbound call"
      title={
        active
          ? 'Outbound call'
          : mayCall
            ? 'Phone service is not enabled for this account'
            : 'You do not have access to Reach'
      }
      disabled={!active}
      onClick={() => openOutboundCall()}
    >
      <Plus aria-hidden="true" />
    </SidebarMenuAction>
  );
}

type CollapsibleNavItemProps = {
  item: NavItem & { items?: readonly NavItem[] };
  location: NavLocation;
};

/**
 * spec §2: a parent with children opens by itself when the current route is the item or one
 * of its children. Clicking it goes there when elsewhere, and opens or closes it when there:
 * exactly there, path and query (decision 0006), so on '/account?tab=billing' Settings still
 * goes to '/account'.
 */
function CollapsibleNavItem({ item, location }: CollapsibleNavItemProps) {
  const children = item.items ?? [];
  const Icon = navIcons[item.title] ?? fallbackNavIcon;
  const closeMobileSheet = useCloseMobileSheet();
  const isHere = isExactlyAtUrl(item.url, location);
  const isInside =
    isAtUrl(item.url, location) || children.some((child) => isAtUrl(child.url, location));
  const locationKey = `${location.pathname}?${JSON.stringify(location.search)}`;

  // Opened or closed by hand, until the route changes; a route inside the item opens it.
  const [toggle, setToggle] = useState({ open: isInside, locationKey });
  let open = toggle.open;
  if (toggle.locationKey !== locationKey) {
    open = toggle.open || isInside;
    setToggle({ open, locationKey });
  }

  return (
    <Collapsible
      asChild
      open={open}
      onOpenChange={(next) => setToggle({ open: next, locationKey })}
    >
      <SidebarMenuItem>
        <SidebarMenuButton asChild isActive={isInside} tooltip={item.title}>
          <AppLink
            url={item.url}
            aria-expanded={open}
            onClick={(event) => {
              if (isHere) {
                event.preventDefault();
                setToggle({ open: !open, locationKey });
              } else {
                closeMobileSheet();
              }
            }}
          >
            <Icon aria-hidden="true" />
            <span>{item.title}</span>
            <ChevronRight
              aria-hidden="true"
              className="ml-auto size-4 transition-transform duration-200 group-data-[collapsible=icon]:hidden data-[open=true]:rotate-90"
              data-open={open}
            />
          </AppLink>
        </SidebarMenuButton>
        <CollapsibleContent>
          <SidebarMenuSub>
            {children.map((child) => {
              const childActive = isAtUrl(child.url, location);
              return (
                <SidebarMenuSubItem key={child.title}>
                  <SidebarMenuSubButton asChild isActive={childActive}>
                    <AppLink
                      url={child.url}
                      aria-current={childActive ? 'page' : undefined}
                      onClick={closeMobileSheet}
                    >
                      <span>{child.title}</span>
                    </AppLink>
                  </SidebarMenuSubButton>
                </SidebarMenuSubItem>
              );
            })}
          </SidebarMenuSub>
        </CollapsibleContent>
      </SidebarMenuItem>
    </Collapsible>
  );
}
