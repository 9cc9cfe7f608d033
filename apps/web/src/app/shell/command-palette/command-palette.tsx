import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type CustomerListItem, formatPhone } from '@tentpole/domain';
import { Command } from 'cmdk';
import {
  type LucideIcon,
  MessageSquarePlus,
  PhoneOutgoing,
  ReceiptText,
  Search,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { mayOpenUrl, useMayOpen } from '@/app/providers/page-access';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SEARCH_DEBOUNCE_MS } from '@/components/url-search-box';
import { customersQueryOptions } from '@/features/customers/api/get-customers';
import { customerName } from '@/features/customers/lib/customer-name';
import { usePhoneInfo } from '@/features/phone/api/get-phone-info';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { fallbackNavIcon, navIcons } from '../nav-icons';
import { NEW_ORDER_URL, type PaletteActionId, paletteActions } from './palette-actions';
import { type PalettePage, usePalettePages } from './palette-pages';

/** How many customers a search shows: enough to pick from, few enough to read. */
export const PALETTE_CUSTOMER_LIMIT = 8;

type CommandPaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The command palette (issue 15): customers by name, number or e-mail, the pages of the
 * sidebar, and actions, in the kit's Dialog. cmdk gives the combobox and listbox, and the
 * arrow keys; what matches is decided here (customers by the server's search).
 */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  // An action that opens a dialog of its own runs once this one has closed, so the focus
  // goes into that dialog instead of back to where it was before the palette.
  const afterClose = useRef<(() => void) | null>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[max(1rem,12svh)] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        onCloseAutoFocus={(event) => {
          const run = afterClose.current;
          afterClose.current = null;
          if (!run) return;
          event.preventDefault();
          run();
        }}
      >
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Find a customer or a page, or start a text, a call or an order.
        </DialogDescription>
        <PaletteCommand
          onGo={(go) => {
            go();
            onOpenChange(false);
          }}
          onRunAfterClose={(run) => {
            afterClose.current = run;
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

type PaletteCommandProps = {
  /** Navigates, then closes the palette. */
  onGo: (go: () => void) => void;
  /** Closes the palette, then runs `run` (it opens a dialog). */
  onRunAfterClose: (run: () => void) => void;
};

/** Whether every word typed appears in `text`, whatever the case. */
function matches(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

function PaletteCommand({ onGo, onRunAfterClose }: PaletteCommandProps) {
  const [search, setSearch] = useState('');
  const query = search.trim();
  const navigate = useNavigate();
  const pages = usePalettePages().filter((page) =>
    matches(`${page.title} ${page.parent ?? ''}`, query),
  );
  const actions = usePaletteActions().filter((action) =>
    matches(`${action.label} ${action.keywords}`, query),
  );
  const customers = useCustomerSearch(query);
  const goTo = (url: string) => onGo(() => void navigate({ href: url }));

  const nothing = pages.length === 0 && actions.length === 0 && customers.results.length === 0;
  return (
    <Command
      label="Search customers, pages and actions"
      shouldFilter={false}
      loop
      // Ctrl+K is the palette's own shortcut: cmdk's Ctrl+J/K/N/P bindings would take it.
      vimBindings={false}
      className="flex min-w-0 flex-col"
    >
      <div className="flex items-center gap-2 border-b px-4 pr-12">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder="Customers, pages, actions…"
          className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
      </div>
      <Command.List className="max-h-[min(26rem,60svh)] overflow-y-auto overscroll-contain p-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground">
        {actions.length > 0 && (
          <Command.Group heading="Actions">
            {actions.map((action) => (
              <PaletteItem
                key={action.id}
                value={`action ${action.id}`}
                icon={action.icon}
                onSelect={() =>
                  action.opensDialog ? onRunAfterClose(action.run) : onGo(action.run)
                }
              >
                {action.label}
              </PaletteItem>
            ))}
          </Command.Group>
        )}
        {pages.length > 0 && (
          <Command.Group heading="Pages">
            {pages.map((page) => (
              <PaletteItem
                key={page.url}
                value={`page ${page.url}`}
                icon={pageIcon(page)}
                onSelect={() => goTo(page.url)}
              >
                <span className="truncate">{page.title}</span>
                {page.parent && (
                  <span className="ml-auto shrink-0 pl-2 text-xs text-muted-foreground">
                    {page.parent}
                  </span>
                )}
              </PaletteItem>
            ))}
          </Command.Group>
        )}
        {customers.results.length > 0 && (
          <Command.Group heading="Customers">
            {customers.results.map((customer) => (
              <PaletteItem
                key={customer.id}
                value={`customer ${customer.id}`}
                icon={UserRound}
                onSelect={() =>
                  onGo(
                    () =>
                      void navigate({
                        to: '/customers/$customerId',
                        params: { customerId: customer.id },
                      }),
                  )
                }
              >
                <CustomerSummary customer={customer} />
              </PaletteItem>
            ))}
          </Command.Group>
        )}
        {customers.searching && (
          <Command.Loading className="px-2 py-3 text-sm text-muted-foreground">
            Searching customers…
          </Command.Loading>
        )}
        {nothing && !customers.searching && (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">
            Nothing matches “{query}”.
          </p>
        )}
      </Command.List>
    </Command>
  );
}

/** Name, formatted number and e-mail; the space keeps the name and number apart when read. */
function CustomerSummary({ customer }: { customer: CustomerListItem }) {
  const details = [formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ');
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium">{customerName(customer)}</span>{' '}
      <span className="truncate text-xs text-muted-foreground">{details}</span>
    </span>
  );
}

function PaletteItem({
  value,
  icon: Icon,
  onSelect,
  children,
}: {
  value: string;
  icon: LucideIcon;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {children}
    </Command.Item>
  );
}

function pageIcon(page: PalettePage): LucideIcon {
  return (
    navIcons[page.title] ?? (page.parent ? navIcons[page.parent] : undefined) ?? fallbackNavIcon
  );
}

/** The customers whose name, number or e-mail match what is typed, once typing pauses. */
function useCustomerSearch(query: string): { results: CustomerListItem[]; searching: boolean } {
  const mayRead = useMayOpen('/customers');
  const term = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const enabled = mayRead && term !== '' && query !== '';
  const result = useQuery({
    ...customersQueryOptions({
      search: term,
      page: 1,
      pageSize: PALETTE_CUSTOMER_LIMIT,
      order: 'asc',
    }),
    enabled,
  });
  return {
    results: enabled ? (result.data?.customers ?? []) : [],
    searching: mayRead && query !== '' && (term !== query || result.isFetching),
  };
}

type PaletteAction = {
  id: PaletteActionId;
  label: string;
  /** More words it is found by. */
  keywords: string;
  icon: LucideIcon;
  run: () => void;
  /** It opens a dialog: it runs once the palette has closed. */
  opensDialog: boolean;
};

function usePaletteActions(): PaletteAction[] {
  const router = useRouter();
  const navigate = useNavigate();
  const { user } = useAuthenticatedSession();
  const { openOutboundCall } = useOutboundCall();
  const mayOpenReach = mayOpenUrl(router, user.roles, '/phone');
  const phoneInfo = usePhoneInfo({ enabled: mayOpenReach });
  const ids = useMemo(
    () =>
      paletteActions({
        roles: user.roles,
        phoneInfo: phoneInfo.data,
        // An action's page must be a route of its own (/orders/new is not an order's id).
        mayOpen: (url) =>
          (router.routesByPath as Record<string, unknown>)[url] !== undefined &&
          mayOpenUrl(router, user.roles, url),
      }),
    [router, user.roles, phoneInfo.data],
  );
  const all: Record<PaletteActionId, Omit<PaletteAction, 'id'>> = {
    // Reach with its New text dialog open (the phone page's `compose`), empty.
    'new-text': {
      label: 'New text',
      keywords: 'sms message reach',
      icon: MessageSquarePlus,
      run: () => void navigate({ to: '/phone', search: { compose: '' } }),
      opensDialog: true,
    },
    'outbound-call': {
      label: 'Outbound call',
      keywords: 'phone dial reach',
      icon: PhoneOutgoing,
      run: () => openOutboundCall(),
      opensDialog: true,
    },
    'new-order': {
      label: 'New order',
      keywords: 'booking rental',
      icon: ReceiptText,
      run: () => void navigate({ href: NEW_ORDER_URL }),
      opensDialog: false,
    },
  };
  return ids.map((id) => ({ id, ...all[id] }));
}
