import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSandbox, type MailSandbox } from '../src/index';

let sandbox: MailSandbox;
let url: string;
beforeAll(async () => {
  sandbox = createMailSandbox({ basePath: '/sandbox/mail', accessToken: null });
  url = await sandbox.start();
});
afterAll(() => sandbox.close());

describe('the mail sandbox', () => {
  it('catches what nodemailer sends over SMTP, HTML, text and attachments', async () => {
    const transport = nodemailer.createTransport(url);
    await transport.sendMail({
      from: 'Bounce Kingdom <hello@bouncekingdom.test>',
      to: 'ada@example.com',
      subject: 'Pay for order #1042 🎪',
      text: 'Pay here: https://example.com/pay',
      html: '<p>Pay <a href="https://example.com/pay">here</a><script>alert(1)</script></p>',
      attachments: [
        {
          filename: 'invoice.pdf',
          content: Buffer.from('%PDF-1.4'),
          contentType: 'application/pdf',
        },
      ],
      messageId: '<email-1@tentpole.test>',
    });
    const [mail] = sandbox.messages();
    expect(mail).toMatchObject({
      to: ['ada@example.com'],
      subject: 'Pay for order #1042 🎪',
      text: 'Pay here: https://example.com/pay',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf' }],
    });
    const page = await (await sandbox.app.request(`/m/${mail?.id}`)).text();
    expect(page).toContain('sandbox srcdoc=');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(await (await sandbox.app.request('/')).text()).toContain('Pay for order #1042 🎪');
  });

  it('goes on serving when a sender resets its connection mid-message', async () => {
    // A sender killed in the middle of a message (the crash test does it) resets its socket
    // while the catcher is still answering it.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      socket.write('EHLO crash.test\r\nMAIL FROM:<a@b.test>\r\nRCPT TO:<c@d.test>\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(`DATA\r\nSubject: Half\r\n\r\n${'y'.repeat(1_000_000)}`);
      socket.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await nodemailer
      .createTransport(url)
      .sendMail({ from: 'a@b.test', to: 'c@d.test', subject: 'After the reset', text: 'x' });
    expect(sandbox.messages().map((m) => m.subject)).toContain('After the reset');
    expect(sandbox.messages().map((m) => m.subject)).not.toContain('Half');
  });

  it('keeps a message sent again with the same Message-ID once', async () => {
    const transport = nodemailer.createTransport(url);
    const mail = {
      from: 'a@b.test',
      to: 'c@d.test',
      subject: 'Once',
      text: 'x',
      messageId: '<email-2@tentpole.test>',
    };
    await transport.sendMail(mail);
    await transport.sendMail(mail);
    expect(sandbox.messages().filter((m) => m.subject === 'Once')).toHaveLength(1);
    expect(sandbox.duplicates()).toBe(1);
  });

  it('refuses a recipient as a mail server would when a test asks, with 4xx or 5xx', async () => {
    const transport = nodemailer.createTransport(url);
    sandbox.refuse({ to: 'Gone@Example.com', code: 550 });
    sandbox.refuse({ to: 'busy@example.com', code: 451, count: 1 });
    const mail = (to: string) =>
      transport.sendMail({ from: 'a@b.test', to, subject: 's', text: 't' });
    await expect(mail('gone@example.com')).rejects.toMatchObject({ responseCode: 550 });
    await expect(mail('busy@example.com')).rejects.toMatchObject({ responseCode: 451 });
    await expect(mail('busy@example.com')).resolves.toBeTruthy();
    await expect(mail('other@example.com')).resolves.toBeTruthy();
    const to = sandbox.messages().map((m) => m.to[0]);
    expect(to).not.toContain('gone@example.com');
    expect(to.filter((t) => t === 'busy@example.com')).toHaveLength(1);
  });

  it('asks for its token when it has one', async () => {
    const guarded = createMailSandbox({
      basePath: '/sandbox/mail',
      accessToken: 'a-token-of-at-least-32-characters-000',
    });
    expect((await guarded.app.request('/')).status).toBe(401);
    const opened = await guarded.app.request('/?token=a-token-of-at-least-32-characters-000');
    expect(opened.status).toBe(200);
    expect(opened.headers.get('set-cookie')).toContain('HttpOnly; SameSite=Strict');
  });
});
