import { canForwardToMobile, formatPhone, validateOutboundNumber } from '@tentpole/domain';
import { Phone, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { OutboundCallDialogProps } from '@/app/providers/outbound-call-provider';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useCustomerNameSearch } from '../api/get-caller';
import { usePhoneInfo } from '../api/get-phone-info';
import { usePlaceMobileCall } from '../api/place-mobile-call';
import { useVoicePhone } from './voice-phone-provider';

// spec §2 Outbound Call dialog, to the letter.
export const FORWARD_TO_MOBILE_NOT_CONFIGURED = 'Forward to Mobile is not configured.';
const HELP_CELL = 'Call will be placed using your cell phone';
const HELP_BROWSER = 'Call will be placed using your browser';

/** Issue 15: a customer found by name fills the number (a customer without one is not offered). */
function CustomerFinder({ onPick }: { onPick: (number: string) => void }) {
  const [term, setTerm] = useState('');
  const ids = { search: useId(), list: useId() };
  const found = useCustomerNameSearch(term);
  const matches =
    term.trim().length >= 2 ? (found.data?.customers ?? []).filter((c) => c.phoneNumber) : [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.search}>Find a customer</Label>
      <Input
        id={ids.search}
        type="search"
        autoComplete="off"
        placeholder="Name, e-mail or phone"
        value={term}
        aria-controls={ids.list}
        onChange={(event) => setTerm(event.target.value)}
      />
      <ul id={ids.list} aria-label="Customers to call" className="grid gap-1">
        {matches.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="flex w-full min-w-0 flex-wrap items-baseline gap-x-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => {
                onPick(c.phoneNumber as string);
                setTerm('');
              }}
            >
              <span className="font-medium wrap-anywhere">
                {c.firstName} {c.lastName}
              </span>
              <span className="text-muted-foreground">{formatPhone(c.phoneNumber as string)}</span>
            </button>
          </li>
        ))}
      </ul>
      {term.trim().length >= 2 && found.data && matches.length === 0 && (
        <p className="text-sm text-muted-foreground">No customer with a phone number matches.</p>
      )}
    </div>
  );
}

type OutboundCallFormProps = {
  initialNumber: string;
  onDone: () => void;
};

function OutboundCallForm({ initialNumber, onDone }: OutboundCallFormProps) {
  const ids = { number: useId(), error: useId(), forward: useId(), help: useId() };
  const phoneInfo = usePhoneInfo();
  const forwardingConfigured = canForwardToMobile(phoneInfo.data);
  const { phone } = useVoicePhone();
  const mobileCall = usePlaceMobileCall();
  const [number, setNumber] = useState(() => formatPhone(initialNumber) || initialNumber);
  const [forwardToMobile, setForwardToMobile] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const useCell = forwardToMobile && forwardingConfigured;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec §5: 'Phone number is required' / 'Invalid phone number', cleared on a valid submit.
    const message = validateOutboundNumber(number);
    setError(message);
    if (message) return;
    if (useCell) {
      mobileCall.mutate(number, { onSuccess: onDone });
      return;
    }
    setPlacing(true);
    const started = (await phone?.call(number)) ?? false;
    setPlacing(false);
    if (started) onDone();
  }

  const toggle = (
    <Switch
      id={ids.forward}
      checked={useCell}
      onCheckedChange={setForwardToMobile}
      disabled={!forwardingConfigured}
      aria-describedby={forwardingConfigured ? ids.help : undefined}
    />
  );

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <CustomerFinder
        onPick={(picked) => {
          setNumber(formatPhone(picked) || picked);
          setError(null);
        }}
      />
      <div className="grid gap-2">
        <Label htmlFor={ids.number}>Phone Number</Label>
        <Input
          id={ids.number}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="h-11 text-lg tracking-wide sm:h-11 sm:text-lg"
        />
        {error && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/30 p-3">
        {forwardingConfigured ? (
          toggle
        ) : (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled switch gets no pointer or focus events; its wrapper shows why. */}
              <span
                // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip that explains the disabled switch.
                tabIndex={0}
                className="inline-flex rounded-full"
              >
                {toggle}
              </span>
            </TooltipTrigger>
            <TooltipContent>{FORWARD_TO_MOBILE_NOT_CONFIGURED}</TooltipContent>
          </Tooltip>
        )}
        <div className="grid gap-1">
          <Label htmlFor={ids.forward}>Forward To Mobile</Label>
          <p id={ids.help} className="text-sm text-muted-foreground">
            {useCell ? HELP_CELL : HELP_BROWSER}
          </p>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={placing || mobileCall.isPending}>
          {useCell ? <Smartphone aria-hidden="true" /> : <Phone aria-hidden="true" />}
          {useCell ? 'Call Using Cell' : 'Call Using Browser'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * spec §2 Outbound Call dialog. Its form lives inside the dialog's content, which unmounts
 * when the dialog closes: closing resets it (spec §4).
 */
export function OutboundCallDialog({ open, initialNumber, onOpenChange }: OutboundCallDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Outbound Call</DialogTitle>
          <DialogDescription>Call a customer from the business number.</DialogDescription>
        </DialogHeader>
        <OutboundCallForm initialNumber={initialNumber} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
