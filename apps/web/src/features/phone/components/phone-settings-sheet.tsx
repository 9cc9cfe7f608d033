import { Settings } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { AccountPhoneSettings } from './account-phone-settings';

/**
 * spec §2 Phone area: the phone settings form, in a side sheet so the call log and the texts
 * stay where they are behind it. The same form is in Settings › Reach with this browser's
 * connection test and audio devices.
 */
export function PhoneSettingsSheet() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings aria-hidden="true" />
          Phone settings
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full gap-4 overflow-y-auto p-4 sm:max-w-2xl sm:p-6">
        <div className="grid gap-1 pr-8">
          <SheetTitle className="text-lg font-semibold">Phone settings</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">
            How calls and texts to the business number are answered and forwarded. The connection
            test and audio devices are in{' '}
            <AppLink url="/account?tab=voice" className="underline underline-offset-4">
              Settings › Reach
            </AppLink>
            .
          </SheetDescription>
        </div>
        <AccountPhoneSettings />
      </SheetContent>
    </Sheet>
  );
}
