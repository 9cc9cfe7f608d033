import { expect, type Page } from '@playwright/test';

/**
 * The newest e-mail to `to` with `subject` in the mail catcher (the app's SMTP, through the
 * outbox), waited for; answers the first address in its text that `link` matches.
 */
export async function linkMailed(
  page: Page,
  { to, subject, link }: { to: string; subject: string; link: RegExp },
): Promise<string> {
  let found = '';
  await expect(async () => {
    const response = await page.request.get('/sandbox/mail/api/messages');
    expect(response.ok()).toBe(true);
    const { messages } = (await response.json()) as {
      messages: { to: string[]; subject: string; text: string }[];
    };
    const mail = messages.filter((m) => m.to.includes(to) && m.subject === subject).at(-1);
    found = link.exec(mail?.text ?? '')?.[0] ?? '';
    expect(found).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return found;
}
