import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type Context, Hono } from 'hono';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  id: string;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  date: string;
  attachments: { filename: string; contentType: string; size: number }[];
};

export type MailSandboxOptions = {
  /** Where the mailbox is mounted on the app's origin, e.g. `/sandbox/mail`. */
  basePath: string;
  /** The mailbox's token; null leaves it open (development and tests on loopback). */
  accessToken: string | null;
  /** Messages kept (the oldest go first). */
  maxMessages?: number;
};

/** A refusal of the next `count` recipients (to one address, or any) with an SMTP code. */
export type MailFault = { to: string | null; code: number; message: string; count: number };

const TOKEN_COOKIE = 'mail_sandbox_token';
const digest = (value: string) => createHash('sha256').update(value).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
const STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}main{max-width:56rem;margin:0 auto;padding:1rem}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #e7e5e4;overflow-wrap:anywhere}a{color:#9a3412}
iframe{width:100%;height:32rem;border:1px solid #e7e5e4;border-radius:.5rem;background:#fff}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e7e5e4;border-radius:.5rem;padding:.75rem}
.muted{color:#57534e}`;

/**
 * A mail catcher for development and tests: a real SMTP server (any client, `nodemailer`
 * included, sends to it as to any server) that keeps what it receives and shows it at the
 * mailbox page as the customer would see it. A message sent again with the same Message-ID
 * (a sender's retry after a crash) is kept once, as a mail client shows one.
 */
export function createMailSandbox(options: MailSandboxOptions) {
  const max = options.maxMessages ?? 500;
  const mails: CaughtMail[] = [];
  let duplicates = 0;
  const faults: (MailFault & { remaining: number })[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Tentpole mail sandbox',
    size: 15 * 1024 * 1024,
    logger: false,
    onRcptTo(address, _session, callback) {
      // A refusal armed by a test answers the recipient as a mail server would: 4xx (try
      // again later) or 5xx (never).
      const recipient = address.address.toLowerCase();
      const fault = faults.find(
        (f) => f.remaining > 0 && (f.to === null || f.to.toLowerCase() === recipient),
      );
      if (!fault) return callback();
      fault.remaining -= 1;
      const error = new Error(fault.message) as Error & { responseCode: number };
      error.responseCode = fault.code;
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const messageId = parsed.messageId ?? null;
          if (messageId && mails.some((m) => m.messageId === messageId)) {
            duplicates += 1;
            return callback();
          }
          const address = (value: typeof parsed.to) =>
            (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) =>
              a.value.map((v) => v.address ?? ''),
            );
          mails.push({
            id: randomBytes(8).toString('hex'),
            messageId,
            from: parsed.from?.text ?? '',
            to: address(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            date: (parsed.date ?? new Date()).toISOString(),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.contentType,
              size: a.size,
            })),
          });
          if (mails.length > max) mails.splice(0, mails.length - max);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const app = new Hono();
  // With a token (a production demo), every page and the API ask for it; `?token=` sets a
  // cookie once. A mutation must come from this origin either way.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET') {
      const site = c.req.header('sec-fetch-site');
      if (site && site !== 'same-origin' && site !== 'none')
        return c.json({ error: { message: 'Cross-site request refused.' } }, 403);
    }
    if (!options.accessToken) return next();
    const query = c.req.query('token');
    const cookie = /(?:^|;\s*)mail_sandbox_token=([^;]+)/.exec(c.req.header('cookie') ?? '')?.[1];
    const auth = c.req.header('authorization') ?? '';
    const given =
      c.req.header('x-sandbox-token') ??
      (auth.startsWith('Bearer ') ? auth.slice(7) : null) ??
      query ??
      (cookie ? decodeURIComponent(cookie) : null);
    if (!given || !same(given, options.accessToken))
      return c.text('The mailbox asks for its token (?token=…).', 401);
    if (query) {
      c.header(
        'set-cookie',
        `${TOKEN_COOKIE}=${encodeURIComponent(query)}; Path=${options.basePath}; HttpOnly; SameSite=Strict`,
      );
    }
    return next();
  });
  const page = (c: Context, title: string, body: string, status = 200) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
      status as 200,
      PAGE_HEADERS,
    );
  app.get('/', (c) =>
    page(
      c,
      'Mailbox',
      `<h1>Mailbox</h1><p class="muted">Every e-mail Tentpole sends while no SMTP server is configured lands here (mail sandbox).</p>
${
  mails.length === 0
    ? '<p>No e-mail yet.</p>'
    : `<table><thead><tr><th>To</th><th>Subject</th><th>When</th></tr></thead><tbody>${[...mails]
        .reverse()
        .map(
          (m) =>
            `<tr><td>${esc(m.to.join(', '))}</td><td><a href="${options.basePath}/m/${m.id}">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.date)}</td></tr>`,
        )
        .join('')}</tbody></table>`
}`,
    ),
  );
  app.get('/m/:id', (c) => {
    const mail = mails.find((m) => m.id === c.req.param('id'));
    if (!mail) return page(c, 'Not found', '<p>No such e-mail.</p>', 404);
    return page(
      c,
      mail.subject,
      `<p><a href="${options.basePath}/">← Mailbox</a></p><h1>${esc(mail.subject)}</h1>
<p class="muted">From ${esc(mail.from)} to ${esc(mail.to.join(', '))} · ${esc(mail.date)}</p>
${mail.attachments.length ? `<p>Attachments: ${mail.attachments.map((a) => esc(`${a.filename} (${a.contentType}, ${a.size} bytes)`)).join(', ')}</p>` : ''}
${mail.html ? `<h2>HTML</h2><iframe title="The e-mail as HTML" sandbox srcdoc="${esc(mail.html)}"></iframe>` : ''}
<h2>Text</h2><pre>${esc(mail.text)}</pre>`,
    );
  });
  app.get('/api/messages', (c) => c.json({ messages: mails, duplicates }));
  app.post('/api/clear', (c) => {
    mails.length = 0;
    return c.json({ ok: true });
  });

  let url: string | null = null;
  return {
    app,
    messages: () => [...mails],
    /** Refuses the next `count` deliveries (to `to`, or to anyone) with an SMTP code. */
    refuse(fault: Partial<MailFault> & { code: number }) {
      faults.push({
        to: fault.to ?? null,
        code: fault.code,
        message: fault.message ?? (fault.code >= 500 ? 'Mailbox unavailable' : 'Try again later'),
        remaining: fault.count ?? 1,
        count: fault.count ?? 1,
      });
    },
    duplicates: () => duplicates,
    /** Starts the SMTP server on loopback; its `smtp://` URL. */
    async start(port = 0): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(port, '127.0.0.1', () => {
          smtp.off('error', reject);
          resolve();
        });
      });
      // Once listening, an error is one connection's (a sender killed mid-message resets its
      // socket): that session ends and the catcher goes on serving, as a mail server does.
      // Without a listener, Node would throw the event and take the catcher down with it.
      smtp.on('error', () => {});
      const address = smtp.server.address() as AddressInfo;
      url = `smtp://127.0.0.1:${address.port}`;
      return url;
    },
    get smtpUrl() {
      return url;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type MailSandbox = ReturnType<typeof createMailSandbox>;
