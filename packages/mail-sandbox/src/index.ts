export type { CaughtMail, MailFault, MailSandbox, MailSandboxOptions } from './mail-sandbox';
export { createMailSandbox } from './mail-sandbox';
