import nodemailer from 'nodemailer';

/** Where the mail catcher's mailbox answers on the app's own origin. */
export const MAIL_SANDBOX_BASE_PATH = '/sandbox/mail';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Fixed per stored e-mail: a resend after a crash is the same message to the receiver. */
  messageId: string;
  replyTo?: string | undefined;
};

export type Mailer = {
  /** The address e-mails come from (MAIL_FROM); the account's name is shown with it. */
  fromAddress: string;
  send(mail: OutgoingMail): Promise<void>;
};

/** SMTP through `nodemailer`: a real server (SMTP_URL) or the mail catcher on loopback. */
export function createMailer(smtpUrl: string, fromAddress: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    fromAddress,
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
  };
}

/** An SMTP answer that retrying cannot change (5xx: no such mailbox, refused). */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
