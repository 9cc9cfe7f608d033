import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { RingingIndicator } from '@/features/phone/components/incoming-call-dialog';
import { PageBreadcrumbs } from './page-breadcrumbs';

type AppHeaderProps = {
  /** Receives the element the page's header actions are drawn into. */
  actionsSlotRef: (element: HTMLDivElement | null) => void;
};

/** spec §2 Header: breadcrumbs and the page's actions; hidden when printing. */
export function AppHeader({ actionsSlotRef }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4 print:hidden">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-4!" />
      <PageBreadcrumbs />
      <div className="ml-auto flex min-w-0 shrink-0 items-center gap-2">
        {/* Issue 15: an ignored call that still rings, one click from its dialog. */}
        <RingingIndicator />
        <div ref={actionsSlotRef} className="flex shrink-0 items-center gap-2" />
      </div>
    </header>
  );
}
