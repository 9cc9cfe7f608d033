import { expect, type Page } from '@playwright/test';

/** The server refuses cross-site changes: API calls from a test say they come from the app. */
export function sameOrigin(page: Page) {
  return { origin: new URL(page.url()).origin };
}

/** A text from a customer's phone to the business, through the sandbox carrier. */
export async function customerTexts(page: Page, from: string, to: string, body: string) {
  const response = await page.request.post('/sandbox/control/sms', { data: { from, to, body } });
  // (The sandbox's control API is the carrier's, not the app's: no origin check.)
  expect(response.status()).toBe(201);
}

/** What the carrier carried from `from` to `to`. */
export async function carrierMessages(
  page: Page,
  from: string,
  to: string,
): Promise<{ body: string; status: string }[]> {
  const search = new URLSearchParams({ from, to });
  const response = await page.request.get(`/sandbox/control/messages?${search}`);
  return (await response.json()) as { body: string; status: string }[];
}

/** The Messages panel on /phone. */
export function messagesPanel(page: Page) {
  return page.getByRole('region', { name: 'Messages' });
}

/** Waits until this tab's event stream is connected, so no event is missed. */
export async function waitForLiveTexts(page: Page) {
  await expect(page.getByTestId('texts-live')).toHaveAttribute('data-state', 'live', {
    timeout: 15_000,
  });
}

/** Reads the conversation with this number through the API, which marks it read. */
export async function markConversationRead(page: Page, phoneNumber: string) {
  const list = await page.request.get(
    `/api/phone/text?filter=${encodeURIComponent(phoneNumber.replace(/\D/g, ''))}`,
  );
  const { conversations } = (await list.json()) as {
    conversations: { id: string; phoneNumber: string }[];
  };
  for (const conversation of conversations.filter((c) => c.phoneNumber === phoneNumber)) {
    const read = await page.request.post(`/api/phone/text/${conversation.id}`, {
      data: {},
      headers: sameOrigin(page),
    });
    expect(read.ok()).toBe(true);
  }
}

/**
 * The account's unread texts as the server counts them now (what the badge sums), and how many
 * of them are `phoneNumber`'s. Other spec files text this account at the same time, so a test
 * compares the badge with this instead of with a count it read earlier.
 */
export async function serverUnread(
  page: Page,
  phoneNumber: string,
): Promise<{ total: number; mine: number }> {
  const response = await page.request.get('/api/phone/text?filter=unread');
  const { conversations } = (await response.json()) as {
    conversations: { phoneNumber: string; unreadCount: number }[];
  };
  return {
    total: conversations.reduce((sum, c) => sum + c.unreadCount, 0),
    mine: conversations
      .filter((c) => c.phoneNumber === phoneNumber)
      .reduce((sum, c) => sum + c.unreadCount, 0),
  };
}

/**
 * The sidebar badge and the tab title agree with the server's unread count, of which
 * `phoneNumber` has `mine`. A new text arrives as an event, so `live` waits less than the
 * badge's 20 s poll; a read elsewhere raises no event (the badge catches up within that poll),
 * so otherwise this waits a little longer than one.
 */
export async function expectBadgeFollows(
  page: Page,
  phoneNumber: string,
  mine: number,
  { live = false } = {},
) {
  await expect
    .poll(
      async () => {
        const server = await serverUnread(page, phoneNumber);
        const badge = await sidebarUnread(page);
        const title = await page.title();
        const titleAgrees =
          title === (badge > 0 ? `(${badge}) Reach · Tentpole` : 'Reach · Tentpole');
        return { mine: server.mine, badgeAgrees: badge === server.total, titleAgrees };
      },
      { timeout: live ? 15_000 : 40_000 },
    )
    .toEqual({ mine, badgeAgrees: true, titleAgrees: true });
}

/** The unread count in the sidebar's Reach badge (0 when there is no badge). */
export async function sidebarUnread(page: Page): Promise<number> {
  const badge = page.getByTestId('reach-unread-badge');
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt(((await badge.textContent()) ?? '').trim(), 10) || 0;
}
