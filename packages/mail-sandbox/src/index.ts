export type { CaughtMail, MailSandbox, MailSandboxOptions } from './mail-sandbox';
export { createMailSandbox } from './mail-sandbox';
