// The real SDK, as the web app loads it, plus a recorder of the RTCPeerConnections it makes so a
// test can read their stats (the Device's public `RTCPeerConnection` option).
import { Call, Device } from '@twilio/voice-sdk';

const peers: RTCPeerConnection[] = [];
class RecordedPeerConnection extends RTCPeerConnection {
  constructor(configuration?: RTCConfiguration) {
    super(configuration);
    peers.push(this);
  }
}

export async function audioStats() {
  let bytesReceived = 0;
  let bytesSent = 0;
  for (const pc of peers) {
    (await pc.getStats()).forEach(
      (r: { type: string; kind?: string; bytesReceived?: number; bytesSent?: number }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'audio') bytesReceived += r.bytesReceived ?? 0;
        if (r.type === 'outbound-rtp' && r.kind === 'audio') bytesSent += r.bytesSent ?? 0;
      },
    );
  }
  return { bytesReceived, bytesSent };
}

/** The ICE username fragments of the far end, per peer connection (changes on an ICE restart). */
export function remoteUfrags(): string[] {
  return peers.map((pc) => /a=ice-ufrag:(\S+)/.exec(pc.remoteDescription?.sdp ?? '')?.[1] ?? '');
}

export function createDevice(
  token: string,
  chunderw: string,
  extra: { sounds?: Record<string, string> } = {},
) {
  return new Device(token, {
    chunderw,
    enableImprovedSignalingErrorPrecision: true,
    RTCPeerConnection: RecordedPeerConnection,
    logLevel: 'warn',
    ...extra,
  } as ConstructorParameters<typeof Device>[1]);
}

export { Call, Device };
