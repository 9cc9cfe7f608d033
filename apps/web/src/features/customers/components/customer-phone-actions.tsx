import { formatPhone } from '@tentpole/domain';
import { MessageSquare, Phone } from 'lucide-react';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { useMayOpen } from '@/app/providers/page-access';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';

type CustomerPhoneActionsProps = {
  /** E.164, as stored. */
  phoneNumber: string;
};

/**
 * The customer's number with Reach's entry points: Call opens the Outbound Call dialog
 * prefilled (spec §2), Text opens a new text to the number in the phone area.
 */
export function CustomerPhoneActions({ phoneNumber }: CustomerPhoneActionsProps) {
  const { openOutboundCall } = useOutboundCall();
  const formatted = formatPhone(phoneNumber);
  // Reach's entry points, for those who may open Reach (its route declares what it needs).
  const canUsePhone = useMayOpen('/phone');

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium tabular-nums">{formatted}</span>
      {canUsePhone && (
        <span className="flex items-center gap-1.5">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2.5"
            onClick={() => openOutboundCall(phoneNumber)}
            aria-label={`Call ${formatted}`}
          >
            <Phone aria-hidden="true" />
            Call
          </Button>
          <Button asChild variant="outline" size="sm" className="h-7 px-2.5">
            <AppLink
              url={`/phone?compose=${encodeURIComponent(phoneNumber)}`}
              aria-label={`Text ${formatted}`}
            >
              <MessageSquare aria-hidden="true" />
              Text
            </AppLink>
          </Button>
        </span>
      )}
    </div>
  );
}
