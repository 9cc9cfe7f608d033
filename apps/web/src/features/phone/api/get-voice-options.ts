import { type VoiceDeviceOptions, voiceDeviceOptionsSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** How the browser's Device reaches the carrier (decision 0005): configuration only. */
export function getVoiceOptions(): Promise<VoiceDeviceOptions> {
  return apiFetch('/api/phone/voice/options', voiceDeviceOptionsSchema);
}
