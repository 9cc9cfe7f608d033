import {
  allows,
  can,
  hasPhoneService,
  parsePlan,
  planTitle,
  tierThatLifts,
} from '@tentpole/domain';
import { Sparkles } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePhoneInfo } from '../api/get-phone-info';
import { usePhoneSettings } from '../api/get-phone-settings';
import { AudioDevices } from './audio-devices';
import { BusinessNumber } from './business-number';
import { ConnectNumberSection } from './connect-number-section';
import { ConnectionTest } from './connection-test';
import { PhoneSettingsForm } from './phone-settings-form';
import { TextBackSettingsSection } from './text-back-settings';
import { useVoicePhone } from './voice-phone-provider';

/** The account's phone settings (spec §3), fetched when this page asks for them (spec §4). */
export function AccountPhoneSettings() {
  const { user } = useAuthenticatedSession();
  const settings = usePhoneSettings();
  if (settings.isPending) return <Skeleton className="h-96 w-full" />;
  if (settings.isError) {
    return (
      <QueryError
        title="The phone settings could not be loaded."
        onRetry={() => void settings.refetch()}
        className="rounded-xl border bg-card"
      />
    );
  }
  return <PhoneSettingsForm settings={settings.data} canEdit={can(user.roles, 'account.write')} />;
}

/**
 * Settings → Reach (/account?tab=voice): the account's phone settings, then this browser's
 * phone (the connection test and audio devices).
 */
export function ReachSettings() {
  const { user } = useAuthenticatedSession();
  const phoneInfo = usePhoneInfo();
  const { phone, snapshot } = useVoicePhone();
  const tier = parsePlan(user.planLevel);
  // §13: Reach is a plan's feature; setting it up needs a plan that includes it.
  if (!allows(tier, 'reach')) {
    const lifts = tierThatLifts(tier, 'reach');
    return (
      <StateMessage
        icon={<Sparkles className="size-6" />}
        title={`Reach is not included in the ${planTitle(tier)} plan.`}
        description={`Calls and texts with your customers come with the ${planTitle(lifts ?? 'core')} plan and above.`}
        action={
          can(user.roles, 'account.write') ? (
            <Button asChild>
              <AppLink url="/account?tab=billing">Upgrade to {planTitle(lifts ?? 'core')}</AppLink>
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (phoneInfo.isPending) return <Skeleton className="h-48 w-full" />;
  if (!hasPhoneService(phoneInfo.data)) {
    // No business number yet: one who may change the account gets one here (decision 0066);
    // the settings it will use can be set up already.
    return (
      <div className="grid gap-6">
        {can(user.roles, 'account.write') ? (
          <ConnectNumberSection />
        ) : (
          <StateMessage
            variant="inline"
            title="Reach is not set up for this account."
            description="No business number is connected yet. The settings below apply once it is."
            className="rounded-xl border border-dashed bg-muted/30"
          />
        )}
        <AccountPhoneSettings />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      {phoneInfo.data?.businessNumber && (
        <SettingsSection
          title="Business number"
          description="The number customers call and text. Calls to it ring Reach; texts to it arrive in Messages."
        >
          <BusinessNumber number={phoneInfo.data.businessNumber} />
        </SettingsSection>
      )}
      <AccountPhoneSettings />
      <TextBackSettingsSection />
      <h2 className="mt-4 text-lg font-semibold tracking-tight">This browser</h2>
      <SettingsSection
        title="Connection test"
        description="Places a short test call through the phone service and grades the sound quality your network allows."
      >
        <ConnectionTest />
      </SettingsSection>
      <SettingsSection
        title="Audio devices"
        description="The microphone and speaker this browser uses for calls."
      >
        {phone ? (
          <AudioDevices phone={phone} audio={snapshot.audio} />
        ) : (
          <p className="text-sm text-muted-foreground">The browser phone is starting…</p>
        )}
      </SettingsSection>
    </div>
  );
}
