import type { AudioState } from '../lib/phone-snapshot';
import type { VoicePhone } from '../lib/voice-phone';
import { AudioDeviceSelect } from './audio-device-select';

const NO_OUTPUT_SELECTION =
  "This browser can't choose a speaker; calls play through the system's default.";

/** Microphone and speaker choice for the phone (spec §5 voice token and audio devices). */
export function AudioDevices({ phone, audio }: { phone: VoicePhone; audio: AudioState }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <AudioDeviceSelect
        label="Microphone"
        devices={audio.inputs}
        value={audio.inputId}
        onChange={(id) => void phone.setInputDevice(id)}
      />
      <AudioDeviceSelect
        label="Speaker"
        devices={audio.outputs}
        value={audio.outputIds[0] ?? null}
        onChange={(id) => void phone.setOutputDevice(id)}
        disabled={!audio.canSelectOutput}
        hint={audio.canSelectOutput ? undefined : NO_OUTPUT_SELECTION}
      />
    </div>
  );
}
