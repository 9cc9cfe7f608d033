import { BellOff, BellRing, MessageSquarePlus, MonitorOff, MonitorUp } from 'lucide-react';
import { toast } from 'sonner';
import type { StreamState } from '@/app/providers/account-events-provider';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { setDesktopNotifications, useDesktopNotifications } from '../lib/desktop-notifications';
import { useTextSoundMuted } from '../lib/text-sound';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { useReachLive } from './reach-live-provider';

const STREAM_LABELS: Record<StreamState, { label: string; tone: string }> = {
  live: { label: 'Live', tone: 'bg-emerald-500' },
  connecting: { label: 'Connecting…', tone: 'bg-amber-500' },
  reconnecting: { label: 'Reconnecting…', tone: 'bg-amber-500' },
  off: { label: 'Not live', tone: 'bg-muted-foreground' },
};

function LiveIndicator() {
  const { stream } = useReachLive();
  const state = STREAM_LABELS[stream];
  return (
    <span
      data-testid="texts-live"
      data-state={stream}
      title={
        stream === 'live'
          ? 'New texts and delivery updates appear as they happen.'
          : 'Texts will update when the connection is back.'
      }
      className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', state.tone)} />
      {state.label}
    </span>
  );
}

function SoundToggle() {
  const [muted, setMuted] = useTextSoundMuted();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Mute new-text sound"
          aria-pressed={muted}
          onClick={() => setMuted(!muted)}
        >
          {muted ? <BellOff aria-hidden="true" /> : <BellRing aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{muted ? 'New-text sound is off' : 'New-text sound is on'}</TooltipContent>
    </Tooltip>
  );
}

const NOTIFICATION_TIPS = {
  on: 'Desktop notifications are on: texts and calls show while this tab is hidden',
  off: 'Show desktop notifications for texts and calls while this tab is hidden',
  blocked: 'This browser blocks notifications from Tentpole: allow them in its site settings',
} as const;

/** Issue 24 item 7: desktop notifications, asked for only when the member turns them on. */
function DesktopNotificationsToggle() {
  const state = useDesktopNotifications();
  if (state === 'unsupported') return null;
  const on = state === 'on';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Desktop notifications"
          aria-pressed={on}
          aria-disabled={state === 'blocked' || undefined}
          onClick={async () => {
            if (state === 'blocked') {
              toast.info(NOTIFICATION_TIPS.blocked);
              return;
            }
            const next = await setDesktopNotifications(!on);
            if (next === 'blocked') toast.info(NOTIFICATION_TIPS.blocked);
            else if (next === 'on') toast.success('Desktop notifications are on');
          }}
        >
          {on ? <MonitorUp aria-hidden="true" /> : <MonitorOff aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{NOTIFICATION_TIPS[state]}</TooltipContent>
    </Tooltip>
  );
}

type MessagesPanelProps = {
  conversationId: string | undefined;
  textFilter: string;
  onTextFilterChange: (filter: string) => void;
  onOpenConversation: (id: string | undefined) => void;
  onNewText: () => void;
  canSend: boolean;
  messagingReady: boolean;
  className?: string;
};

/**
 * Reach's texts beside the calls: the conversation list, and the open conversation in its
 * place (or beside it where the screen is wide enough).
 */
export function MessagesPanel({
  conversationId,
  textFilter,
  onTextFilterChange,
  onOpenConversation,
  onNewText,
  canSend,
  messagingReady,
  className,
}: MessagesPanelProps) {
  const newTextBlocked = !canSend
    ? 'Your role cannot send texts.'
    : !messagingReady
      ? 'Texting is not switched on for this account yet.'
      : null;
  const newText = (
    <Button size="sm" onClick={onNewText} disabled={newTextBlocked !== null}>
      <MessageSquarePlus aria-hidden="true" />
      New text
    </Button>
  );
  return (
    <section
      aria-labelledby="messages-heading"
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm', className)}
    >
      <div className="flex items-center gap-2 px-4 pt-3 pb-3">
        <h2 id="messages-heading" className="text-lg font-semibold tracking-tight">
          Messages
        </h2>
        <LiveIndicator />
        <div className="ml-auto flex items-center gap-1">
          <DesktopNotificationsToggle />
          <SoundToggle />
          {newTextBlocked ? (
            <Tooltip>
              <TooltipTrigger asChild>
                {/* A disabled button gets no pointer events; its wrapper shows why. */}
                <span
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip that explains the disabled button.
                  tabIndex={0}
                  className="inline-flex"
                >
                  {newText}
                </span>
              </TooltipTrigger>
              <TooltipContent>{newTextBlocked}</TooltipContent>
            </Tooltip>
          ) : (
            newText
          )}
        </div>
      </div>
      <div className="flex min-h-0 flex-1 border-t">
        <div
          className={cn(
            'min-h-0 flex-col 2xl:flex 2xl:w-72 2xl:shrink-0 2xl:border-r',
            conversationId ? 'hidden' : 'flex flex-1',
          )}
        >
          <ConversationList
            filter={textFilter}
            onFilterChange={onTextFilterChange}
            selectedId={conversationId}
            onOpen={onOpenConversation}
          />
        </div>
        {conversationId ? (
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">
            <ConversationView
              key={conversationId}
              conversationId={conversationId}
              onBack={() => onOpenConversation(undefined)}
              backClassName="2xl:hidden"
              canSend={canSend}
              messagingReady={messagingReady}
            />
          </div>
        ) : (
          <div className="hidden min-w-0 flex-1 place-items-center p-8 text-center text-sm text-muted-foreground 2xl:grid">
            Choose a conversation to read and reply.
          </div>
        )}
      </div>
    </section>
  );
}
