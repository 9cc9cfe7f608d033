import { hasPhoneService } from '@tentpole/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { usePhoneInfo } from '../api/get-phone-info';
import { AudioDevices } from './audio-devices';
import { ConnectionTest } from './connection-test';
import { useVoicePhone } from './voice-phone-provider';

function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:grid-cols-[16rem_minmax(0,1fr)]">
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div>{children}</div>
    </section>
  );
}

/**
 * Settings → Reach (/account?tab=voice): this browser's phone. The account's phone settings
 * form (spec §3, §5) joins this page with the messaging release.
 */
export function ReachSettings() {
  const phoneInfo = usePhoneInfo();
  const { phone, snapshot } = useVoicePhone();
  if (phoneInfo.isPending) return <Skeleton className="h-48 w-full" />;
  if (!hasPhoneService(phoneInfo.data)) {
    return (
      <p className="rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center text-sm text-muted-foreground">
        Reach is not set up for this account.
      </p>
    );
  }
  return (
    <div className="grid gap-6">
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
