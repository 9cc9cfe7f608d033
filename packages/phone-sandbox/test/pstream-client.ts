import WebSocket from 'ws';

export interface Frame {
  type: string;
  version: string;
  payload: Record<string, unknown>;
}

/** A bare PStream 1.6 client, speaking to the gateway as `@twilio/voice-sdk` does. */
export class PStreamClient {
  readonly frames: Frame[] = [];
  /** Heartbeats ("\n") received. */
  heartbeats = 0;
  /** Whether to echo heartbeats, as the SDK does; a test turns it off to play a dead device. */
  echoHeartbeats = true;
  readonly closed: Promise<void>;
  private constructor(private readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === '\n') {
        this.heartbeats += 1;
        if (this.echoHeartbeats) ws.send('\n');
        return;
      }
      this.frames.push(JSON.parse(text) as Frame);
    });
  }

  static async connect(baseUrl: string): Promise<PStreamClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/signal`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new PStreamClient(ws);
  }

  send(type: string, payload: Record<string, unknown>): void {
    this.ws.send(JSON.stringify({ type, version: '1.6', payload }));
  }

  async next(
    type: string,
    match: (p: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 5000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.frames.find((f) => f.type === type && match(f.payload));
      if (frame) {
        this.frames.splice(this.frames.indexOf(frame), 1);
        return frame;
      }
      if (Date.now() > deadline)
        throw new Error(`no ${type} frame; saw ${this.frames.map((f) => f.type).join(',')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** listen + register, as `new Device(token).register()` does. */
  async register(token: string): Promise<void> {
    this.send('listen', { token, browserinfo: {}, reconnectTimeout: 0 });
    await this.next('connected');
    this.send('register', { media: { audio: true } });
    await this.next('ready');
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}
