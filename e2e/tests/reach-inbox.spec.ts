import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { businessNumber } from './reach-phone';
import {
  carrierMessages,
  customerTexts,
  messagesPanel,
  sameOrigin,
  waitForLiveTexts,
} from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 24 item 7 with the sandbox carrier: the owner takes a conversation, answers it with a
// saved reply filled for the customer, closes it; the customer's next text reopens it and, with
// the tab hidden, shows a desktop notification.
const screenshots = 'e2e/.artifacts/screenshots';

/** The desktop notifications the page shows, recorded, and a switch for the tab's visibility. */
async function recordNotifications(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const w = window as unknown as {
      __shown: { title: string; body: string }[];
      __hidden: boolean;
    };
    w.__shown = [];
    w.__hidden = false;
    class Recorded {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) {
        w.__shown.push({ title, body: options.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
    Object.defineProperty(document, 'visibilityState', {
      get: () => (w.__hidden ? 'hidden' : 'visible'),
      configurable: true,
    });
  });
}

test('the owner takes a conversation, answers with a saved reply and closes it; a new text reopens it', async ({
  page,
}) => {
  test.setTimeout(timeLimit(150_000));
  await recordNotifications(page);
  // Each attempt has its own customer and reply name, so a retry starts as new as the first try.
  const stamp = String(Date.now()).slice(-4);
  const number = `+1555019${stamp}`;
  const listed = `(555) 019-${stamp}`;
  await signInAs(page, DEMO_USERS.owner.email, '/phone');
  const headers = sameOrigin(page);
  const made = await page.request.post('/api/customers', {
    headers,
    data: {
      firstName: 'Bartholomew',
      lastName: 'Inbox-With-A-Very-Long-Family-Name 🎪',
      email: `bartholomew-${Date.now()}@example.com`,
      phoneNumber: number,
    },
  });
  expect(made.status()).toBe(201);
  const business = await businessNumber(page);
  await customerTexts(page, number, business, 'Hi! Do you still have the castle for Saturday?');

  // Wide enough for the list beside the conversation (screenshots below at 1280 and 390).
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/phone');
  await waitForLiveTexts(page);
  const panel = messagesPanel(page);
  const conversations = panel.getByRole('list', { name: 'Conversations' });
  const row = conversations.getByRole('button').filter({ hasText: listed });
  await expect(row).toBeVisible();
  await row.click();

  // Take it: the owner assigns it to themselves; it is theirs and no longer unassigned.
  const assigned = panel.getByLabel('Assigned to');
  await assigned.selectOption({ label: `${DEMO_USERS.owner.name} (you)` });
  await expect(page.getByText('Assigned to you')).toBeVisible();
  await expect(row.getByTestId('conversation-assignee')).toHaveText(
    `Assigned to ${DEMO_USERS.owner.name}`,
  );
  const show = panel.getByLabel('Show texts');
  await show.selectOption({ label: 'Unassigned' });
  await expect(row).toHaveCount(0);
  await show.selectOption({ label: 'Mine' });
  await expect(row).toBeVisible();

  // A saved reply, made here and used at once, filled for this customer.
  const replyName = `Castle check ${stamp} 🏰`;
  await panel.getByRole('button', { name: 'Saved replies' }).click();
  let dialog = page.getByRole('dialog', { name: 'Saved replies' });
  await dialog.getByRole('button', { name: 'New reply' }).click();
  const form = page.getByRole('dialog', { name: 'New saved reply' });
  await form.getByLabel('Name').fill(replyName);
  await form
    .getByLabel('Text')
    .fill(
      'Hi {{customer.firstName}}, this is {{business.name}}: yes, it is free. Shall we hold it?',
    );
  await expectNoSeriousAxe(page, { include: '[role="dialog"]' });
  await form.getByRole('button', { name: 'Save reply' }).click();
  dialog = page.getByRole('dialog', { name: 'Saved replies' });
  const choice = dialog.getByRole('button', { name: new RegExp(`^${replyName}`) });
  await expect(choice).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}/reach-saved-replies-${width}.png` });
  }
  await page.setViewportSize({ width: 1600, height: 900 });
  await choice.click();
  await expect(dialog).toHaveCount(0);
  const reply = panel.getByLabel('Reply');
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue(
    /^Hi Bartholomew, this is .+: yes, it is free\. Shall we hold it\?$/,
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(reply).toHaveValue('');
  await expect
    .poll(async () => (await carrierMessages(page, business, number)).map((m) => m.body), {
      timeout: 20_000,
    })
    .toContainEqual(expect.stringMatching(/^Hi Bartholomew, this is .+: yes, it is free/));

  await expectNoSeriousAxe(page, { include: '[aria-labelledby="messages-heading"]' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}/reach-inbox-conversation-${width}.png` });
    await fitsWidth(page, width);
  }
  await page.setViewportSize({ width: 1600, height: 900 });

  // Done: closed, it leaves the open views for "Closed".
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('Conversation closed')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await show.selectOption({ label: 'Open' });
  await expect(row).toHaveCount(0);
  await show.selectOption({ label: 'Closed' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Closed');

  // The desktop notifications, turned on by the member; then the tab is hidden.
  await panel.getByRole('button', { name: 'Desktop notifications' }).click();
  await expect(panel.getByRole('button', { name: 'Desktop notifications' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Away from the conversation (reading it would mark the new text read), the tab hidden.
  await page.goto('/phone');
  await waitForLiveTexts(page);
  await expect(show).toHaveValue('all');
  await expect(row).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
  });
  await customerTexts(page, number, business, 'Great, please hold it! 🎉');
  // Reopened, live: back in the open list, unread.
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByTestId('conversation-unread')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __shown: { title: string; body: string }[] }).__shown,
      ),
    )
    .toContainEqual({
      title: 'Text from Bartholomew Inbox-With-A-Very-Long-Family-Name 🎪',
      body: 'Great, please hold it! 🎉',
    });
});
