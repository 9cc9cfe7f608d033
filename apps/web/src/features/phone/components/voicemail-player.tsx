import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDuration } from '../lib/format-duration';

type VoicemailPlayerProps = {
  url: string;
  durationSeconds: number | null;
  who: string;
};

/** Plays a voicemail in place; the audio loads only when asked for. */
export function VoicemailPlayer({ url, durationSeconds, who }: VoicemailPlayerProps) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const length = durationSeconds === null ? '' : ` (${formatDuration(durationSeconds)})`;
  if (!open) {
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setFailed(false);
          setOpen(true);
        }}
      >
        <Play aria-hidden="true" />
        Play voicemail{length}
      </Button>
    );
  }
  if (failed) {
    // The server answers why (gone, or the carrier unreachable); either way it cannot play now.
    return (
      <p role="status" className="text-muted-foreground text-sm">
        This voicemail cannot be played right now.{' '}
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setFailed(false)}>
          Try again
        </Button>
      </p>
    );
  }
  return (
    <div className="flex w-full items-center gap-2 sm:w-auto">
      {/* biome-ignore lint/a11y/useMediaCaption: a caller's voicemail has no transcript to caption it with. */}
      <audio
        src={url}
        controls
        autoPlay
        preload="auto"
        aria-label={`Voicemail from ${who}`}
        onError={() => setFailed(true)}
        className="h-9 w-full min-w-0 sm:w-64"
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Close voicemail"
        onClick={() => setOpen(false)}
      >
        <Pause aria-hidden="true" />
      </Button>
    </div>
  );
}
