import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCRtpTransceiver,
  RtpHeader,
  RtpPacket,
} from 'werift';
import { FRAME_SAMPLES, tone } from './mulaw';

const PCMU = () =>
  new RTCRtpCodecParameters({
    mimeType: 'audio/PCMU',
    clockRate: 8000,
    channels: 1,
    payloadType: 0,
  });

/**
 * The sandbox's own end of a call's media, where no browser page answers: a werift peer that
 * speaks G.711 µ-law, plays tones (for Say, Play and a simulated phone that answers) and records
 * what it hears (for Record). It runs ICE-lite like Twilio's media servers, because the Voice SDK
 * sends its offer before gathering candidates.
 */
export class ServerMedia {
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private sequence = Math.floor(Math.random() * 0xffff);
  private timestamp = Math.floor(Math.random() * 0xffffffff);
  private readonly ssrc = Math.floor(Math.random() * 0xffffffff);
  private queue: Buffer = Buffer.alloc(0);
  /** Played over and over while nothing else is queued (ringback). */
  private looping: Buffer | null = null;
  private readonly drained: Array<() => void> = [];
  private readonly clock: NodeJS.Timeout;
  private readonly recorders = new Set<Buffer[]>();
  private readonly sinks = new Set<ServerMedia>();
  private closed = false;
  /** µ-law bytes received, for tests and for the phone simulator's stats. */
  bytesReceived = 0;

  private constructor(private readonly pc: RTCPeerConnection) {
    this.clock = setInterval(() => this.tick(), 20);
    pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => {
        if (rtp.header.payloadType !== 0) return;
        this.bytesReceived += rtp.payload.length;
        for (const chunks of this.recorders) chunks.push(rtp.payload);
        for (const sink of this.sinks) sink.enqueue(rtp.payload);
      });
    });
  }

  /** Answers a caller's offer; resolves with the media and the SDP answer (candidates included). */
  static async answer(offer: string): Promise<{ media: ServerMedia; sdp: string }> {
    const pc = new RTCPeerConnection({ codecs: { audio: [PCMU()] }, iceLite: true });
    const media = new ServerMedia(pc);
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    const transceiver = pc.getTransceivers().find((t) => t.kind === 'audio');
    if (!transceiver) {
      media.close();
      throw new Error('offer has no audio');
    }
    media.attach(transceiver);
    await pc.setLocalDescription(await pc.createAnswer());
    return { media, sdp: pc.localDescription?.sdp ?? '' };
  }

  /** Makes an offer, for a simulated caller with no page open. */
  static async offer(): Promise<{ media: ServerMedia; sdp: string }> {
    const pc = new RTCPeerConnection({ codecs: { audio: [PCMU()] } });
    const media = new ServerMedia(pc);
    const transceiver = pc.addTransceiver('audio', { direction: 'sendrecv' });
    media.attach(transceiver);
    await pc.setLocalDescription(await pc.createOffer());
    return { media, sdp: pc.localDescription?.sdp ?? '' };
  }

  async acceptAnswer(sdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.reconnectIce();
  }

  /**
   * Answers a new offer on the same peer (a renegotiation, e.g. the SDK's ICE restart sent as a
   * `reinvite`); resolves with the new answer.
   */
  async renegotiate(offer: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    this.reconnectIce();
    return this.pc.localDescription?.sdp ?? '';
  }

  /**
   * After an ICE restart werift resets its ICE agent but, because DTLS is still up, never runs ICE
   * again (`connect` returns early); start it here so the restarted agent finds a pair.
   */
  private reconnectIce(): void {
    for (const dtls of this.pc.dtlsTransports) {
      const ice = dtls.iceTransport;
      if (dtls.state === 'connected' && !ice.connection.nominated && ice.state !== 'checking')
        void ice.start().catch(() => {});
    }
  }

  /** Makes an ICE-restart offer (what the SDK's `iceRestart` does), for tests playing a device. */
  async restartIce(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer({ iceRestart: true }));
    return this.pc.localDescription?.sdp ?? '';
  }

  private attach(transceiver: RTCRtpTransceiver): void {
    transceiver.setDirection('sendrecv');
    void transceiver.sender.replaceTrack(this.track);
  }

  /** Plays µ-law samples; resolves when they have been sent. */
  play(samples: Buffer): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.queue = Buffer.concat([this.queue, samples]);
    return new Promise((resolve) => this.drained.push(resolve));
  }

  /** Bridges two server-side legs: each hears what the other's far end says. */
  bridge(other: ServerMedia): () => void {
    this.sinks.add(other);
    other.sinks.add(this);
    return () => {
      this.sinks.delete(other);
      other.sinks.delete(this);
    };
  }

  /** Plays `samples` over and over until `stop` (ringback while a Dial rings). */
  loop(samples: Buffer): () => void {
    this.looping = samples;
    return () => {
      if (this.looping !== samples) return;
      this.looping = null;
      this.queue = Buffer.alloc(0);
    };
  }

  private enqueue(samples: Buffer): void {
    if (!this.closed) this.queue = Buffer.concat([this.queue, samples]);
  }

  beep(): Promise<void> {
    return this.play(tone(1000, 400));
  }

  /**
   * Starts recording what the far end says; `samples` counts what has been captured so far and
   * `stop` returns the µ-law samples.
   */
  record(): { startedAt: number; samples(): number; stop(): Buffer } {
    const chunks: Buffer[] = [];
    const startedAt = Date.now();
    this.recorders.add(chunks);
    return {
      startedAt,
      samples: () => chunks.reduce((total, chunk) => total + chunk.length, 0),
      stop: () => {
        this.recorders.delete(chunks);
        return Buffer.concat(chunks);
      },
    };
  }

  private tick(): void {
    // Always send a frame (silence when idle) so the browser sees audio flowing.
    const frame = Buffer.alloc(FRAME_SAMPLES, 0xff);
    if (this.queue.length === 0 && this.looping) this.queue = this.looping;
    const take = Math.min(FRAME_SAMPLES, this.queue.length);
    this.queue.copy(frame, 0, 0, take);
    this.queue = this.queue.subarray(take);
    if (this.queue.length === 0) for (const resolve of this.drained.splice(0)) resolve();
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
      marker: false,
    });
    try {
      this.track.writeRtp(new RtpPacket(header, frame));
    } catch {
      // Not connected yet: frames before ICE completes are dropped, as on a real line.
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.clock);
    for (const resolve of this.drained.splice(0)) resolve();
    void this.pc.close();
  }
}
