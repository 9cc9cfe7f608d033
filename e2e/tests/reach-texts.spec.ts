import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { businessNumber, customerWithNumber, openSimulator } from './reach-phone';
import {
  carrierMessages,
  customerTexts,
  expectBadgeFollows,
  markConversationRead,
  messagesPanel,
  sameOrigin,
  waitForLiveTexts,
} from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Reach texting through the phone sandbox: the staff's pages, and the sandbox's phone
// simulator as the customer's phone. Every test texts from its own numbers (other spec files
// share this server), and each reads what it made unread, so no badge is left behind.
// One at a time, in order: a test counts the unread texts the others make and then read, and
// two save the phone settings and put them back.
test.describe.configure({ mode: 'default' });

function formatted(number: string): string {
  const d = number.slice(-10);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** The customer's phone: the sandbox simulator sends a text to the business. */
async function simulatorTexts(phone: Page, to: string, body: string) {
  await phone.getByLabel('Text to').fill(to);
  await phone.getByRole('textbox', { name: 'Message' }).fill(body);
  await phone.getByRole('button', { name: 'Send text' }).click();
}

async function staffPage(context: BrowserContext, email: string, path = '/phone') {
  const page = await context.newPage();
  await signInAs(page, email, path);
  return page;
}

function conversationRow(page: Page, name: string) {
  return messagesPanel(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: name });
}

test.describe('live texts (issue 5, 7)', () => {
  test('a customer texts; it appears live with an unread badge; the reply reaches the phone and is delivered', async ({
    browser,
  }) => {
    test.setTimeout(timeLimit(90_000));
    const customerNumber = '+15550100140';
    const context = await browser.newContext();
    const page = await staffPage(context, DEMO_USERS.owner.email);
    const business = await businessNumber(page);
    const customer = await customerWithNumber(page, customerNumber);
    const name = `${customer.firstName} ${customer.lastName}`;
    await waitForLiveTexts(page);
    const phone = await openSimulator(context, customerNumber);

    try {
      await simulatorTexts(phone, business, 'Hi! Is the castle free on Saturday?');

      // Without a reload: the list, the sidebar badge and the tab title.
      const row = conversationRow(page, name);
      await expect(row).toContainText('Hi! Is the castle free on Saturday?');
      await expect(row.getByTestId('conversation-unread')).toContainText('1');
      // The badge and the title count it with every other unread text of the account (other
      // spec files text it too, so the badge is compared with the server, not a count from before).
      await expectBadgeFollows(page, customerNumber, 1, { live: true });

      await row.click();
      await expect(page).toHaveURL(/[?&]conversation=/);
      const log = messagesPanel(page).getByRole('log', { name: 'Messages' });
      await expect(log.getByTestId('message').last()).toContainText(
        'Hi! Is the castle free on Saturday?',
      );
      await expect(messagesPanel(page).getByTestId('conversation-name')).toHaveText(name);
      // Reading it clears its unread count, and the badge and the title drop it.
      await expectBadgeFollows(page, customerNumber, 0);

      // The open conversation takes the next text as it arrives.
      await simulatorTexts(phone, business, 'Also, do you have a 20x20 tent?');
      await expect(log.getByTestId('message').last()).toContainText('do you have a 20x20 tent');
      await expect(log.getByTestId('message').last()).toHaveAttribute('data-direction', 'inbound');

      // The staff replies; the simulator receives it; the status reaches Delivered.
      const reply = 'Yes to both! Castle and tent are free Saturday.';
      await messagesPanel(page).getByLabel('Reply').fill(reply);
      await messagesPanel(page).getByRole('button', { name: 'Send' }).click();
      await expect(messagesPanel(page).getByLabel('Reply')).toHaveValue('');
      const sent = log.getByTestId('message').filter({ hasText: reply });
      await expect(sent).toHaveAttribute('data-direction', 'outbound');
      await expect(sent).toContainText(DEMO_USERS.owner.name);
      await expect(sent.getByTestId('message-status')).toHaveText('Delivered', {
        timeout: 20_000,
      });
      await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(reply);
      expect((await carrierMessages(page, business, customerNumber)).map((m) => m.body)).toContain(
        reply,
      );
      // Back in the list, the reply is the latest, from us.
      await messagesPanel(page).getByRole('button', { name: 'All conversations' }).click();
      await expect(row).toContainText(`You: ${reply}`);
      await expectBadgeFollows(page, customerNumber, 0);
    } finally {
      await markConversationRead(page, customerNumber);
      await context.close();
    }
  });

  test('STOP from the phone: texts to the number are refused with a clear message', async ({
    browser,
  }) => {
    test.setTimeout(timeLimit(90_000));
    const customerNumber = '+15550177201';
    const context = await browser.newContext();
    const page = await staffPage(context, DEMO_USERS.owner.email);
    const business = await businessNumber(page);
    await waitForLiveTexts(page);
    const phone = await openSimulator(context, customerNumber);

    try {
      await simulatorTexts(phone, business, 'Hello, saw your flyer');
      const row = conversationRow(page, formatted(customerNumber));
      await row.click();
      const panel = messagesPanel(page);
      await expect(panel.getByLabel('Reply')).toBeEnabled();
      // An unknown number: one step to make them a customer, number filled in.
      await expect(panel.getByText('Not a customer yet')).toBeVisible();

      await simulatorTexts(phone, business, 'STOP');
      await expect(panel.getByRole('log', { name: 'Messages' })).toContainText('STOP');
      await expect(panel.getByText('Opted out', { exact: true })).toBeVisible();
      await expect(panel.getByLabel('Reply')).toBeDisabled();
      await expect(
        panel.getByText(
          `${formatted(customerNumber)} opted out of texts (they replied STOP), so texts to this number are refused. They can text START to opt back in.`,
        ),
      ).toBeVisible();

      // A new text to the number is refused: spec §8's message, and the reason.
      await panel.getByRole('button', { name: 'New text' }).click();
      const dialog = page.getByRole('dialog', { name: 'New text' });
      await dialog.getByLabel('Phone Number').fill(customerNumber);
      await dialog.getByLabel('Message').fill('Are you still there?');
      await dialog.getByRole('button', { name: 'Send text' }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('Invalid phone number');
      await expect(alert).toContainText('This number has opted out of texts (they replied STOP).');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(
        (await carrierMessages(page, business, customerNumber)).map((m) => m.body),
      ).not.toContain('Are you still there?');

      // START opts back in, and the reply box comes back.
      await simulatorTexts(phone, business, 'START');
      await expect(panel.getByLabel('Reply')).toBeEnabled();
    } finally {
      await markConversationRead(page, customerNumber);
      await context.close();
    }
  });
});

test.describe('new texts and the conversation (issue 7)', () => {
  test("click-to-text from a customer's page; a failed text shows why; New text's messages", async ({
    browser,
  }) => {
    test.setTimeout(timeLimit(90_000));
    const customerNumber = '+15550100141';
    const context = await browser.newContext();
    const page = await staffPage(context, DEMO_USERS.owner.email, '/customers');
    const customer = await customerWithNumber(page, customerNumber);
    const name = `${customer.firstName} ${customer.lastName}`;

    try {
      await page.getByRole('searchbox').first().fill(customerNumber.slice(-7));
      await page.getByRole('link', { name }).first().click();
      await page.getByRole('link', { name: `Text ${formatted(customerNumber)}` }).click();
      await expect(page).toHaveURL(/\/phone\?compose=%2B15550100141/);
      const dialog = page.getByRole('dialog', { name: 'New text' });
      await expect(dialog.getByLabel('Phone Number')).toHaveValue(formatted(customerNumber));
      await expect(dialog.getByLabel('Message')).toBeFocused();
      await dialog.getByLabel('Message').fill('Your bounce house is booked for Saturday!');
      await dialog.getByRole('button', { name: 'Send text' }).click();
      await expect(dialog).toBeHidden();

      // The new conversation opens, refreshed with the text, which is delivered.
      await expect(page).toHaveURL(/[?&]conversation=/);
      await expect(page).not.toHaveURL(/compose=/);
      const panel = messagesPanel(page);
      await expect(panel.getByTestId('conversation-name')).toHaveText(name);
      const sent = panel.getByTestId('message').filter({ hasText: 'booked for Saturday' });
      await expect(sent.getByTestId('message-status')).toHaveText('Delivered', {
        timeout: 20_000,
      });
      await expect(panel.getByRole('link', { name: `Open customer ${name}` })).toBeVisible();

      // spec §5 through the domain schema: the dialog's own messages.
      await panel.getByRole('button', { name: 'New text' }).click();
      await dialog.getByRole('button', { name: 'Send text' }).click();
      await expect(dialog.getByText('Phone number is required')).toBeVisible();
      await expect(dialog.getByText('Message is required')).toBeVisible();
      await dialog.getByLabel('Phone Number').fill('555-TENT');
      await dialog.getByRole('button', { name: 'Send text' }).click();
      await expect(dialog.getByText('Invalid phone number')).toBeVisible();

      // A number the carrier cannot reach: the text is sent, then shows it failed and why.
      await dialog.getByLabel('Phone Number').fill('+15005553003');
      await dialog.getByLabel('Message').fill('Testing an unreachable phone');
      await dialog.getByRole('button', { name: 'Send text' }).click();
      await expect(dialog).toBeHidden();
      const failed = panel.getByTestId('message').filter({ hasText: 'unreachable phone' });
      await expect(failed.getByTestId('message-status')).toHaveText(/Not delivered|Failed/, {
        timeout: 20_000,
      });
      await expect(failed.getByRole('note')).toContainText(/error \d+/);
    } finally {
      await context.close();
    }
  });

  test('an unknown number becomes a customer in one step, number filled in', async ({
    browser,
  }) => {
    const customerNumber = '+15550177202';
    const context = await browser.newContext();
    const page = await staffPage(context, DEMO_USERS.owner.email);
    const business = await businessNumber(page);
    try {
      await customerTexts(page, customerNumber, business, 'Do you deliver to Oak Park?');
      await page.reload();
      await conversationRow(page, formatted(customerNumber)).click();
      await messagesPanel(page).getByRole('link', { name: 'Add customer' }).click();
      await expect(page).toHaveURL('/customers/new?phoneNumber=%2B15550177202');
      await expect(page.getByRole('heading', { name: 'New Customer', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Phone Number')).toHaveValue(formatted(customerNumber));
    } finally {
      await markConversationRead(page, customerNumber);
      await context.close();
    }
  });

  test('staff without phone.write read texts but cannot send, and are told why', async ({
    browser,
  }) => {
    const customerNumber = '+15550177203';
    const context = await browser.newContext();
    const page = await staffPage(context, DEMO_USERS.staff.email);
    const business = await businessNumber(page);
    try {
      await customerTexts(page, customerNumber, business, 'Can I pay at pickup?');
      await page.reload();
      const panel = messagesPanel(page);
      await expect(panel.getByRole('button', { name: 'New text' })).toBeDisabled();
      await conversationRow(page, formatted(customerNumber)).click();
      await expect(panel.getByRole('log', { name: 'Messages' })).toContainText(
        'Can I pay at pickup?',
      );
      await expect(panel.getByLabel('Reply')).toBeDisabled();
      await expect(
        panel.getByText('You can read texts, but your role cannot send them.'),
      ).toBeVisible();
      // The server refuses anyway.
      const id = new URL(page.url()).searchParams.get('conversation');
      const refused = await page.request.post(`/api/phone/text/${id}/sendMessage`, {
        data: { body: 'hello' },
        headers: sameOrigin(page),
      });
      expect(refused.status()).toBe(403);
    } finally {
      await markConversationRead(page, customerNumber);
      await context.close();
    }
  });
});

type Settings = Record<string, unknown>;

test.describe('phone settings (issue 6, spec §5)', () => {
  test('every validation message to the letter; save, reload, and the failure toast', async ({
    page,
  }) => {
    test.setTimeout(timeLimit(60_000));
    await signInAs(page, DEMO_USERS.owner.email, '/account?tab=voice');
    const original = (await (await page.request.get('/api/phone/settings')).json()) as Settings;
    const form = page.getByRole('form', { name: 'Phone settings' });
    try {
      const voicemail = form.getByLabel('Voicemail text');
      await expect(voicemail).toHaveValue(String(original.voicemailText));
      await voicemail.fill('   ');

      const calls = form.getByRole('group', { name: 'Forward calls to' });
      await calls.getByRole('button', { name: 'Add number' }).click();
      await calls.getByRole('button', { name: 'Add number' }).click();
      await calls.getByLabel('Forward calls to 3').fill('555-CALL');
      const texts = form.getByRole('group', { name: 'Forward texts to' });
      await texts.getByRole('button', { name: 'Add number' }).click();
      await texts.getByLabel('Forward texts to 1').fill('555.010.0123');
      await form.getByRole('switch', { name: 'Post texts to Slack' }).click();
      await form.getByLabel('Slack webhook URL').fill('not a url');
      await form.getByRole('button', { name: 'Save settings' }).click();

      await expect(form.getByText('Voice mail text is required', { exact: true })).toBeVisible();
      await expect(calls.getByText('You must enter a phone number', { exact: true })).toBeVisible();
      await expect(
        calls.getByText('Forwarding number must be a valid phone number', { exact: true }),
      ).toBeVisible();
      await expect(
        texts.getByText('Forwarding number must be a valid phone number', { exact: true }),
      ).toBeVisible();
      await expect(form.getByText('Invalid webhook URL', { exact: true })).toBeVisible();

      // Fix them; remove a row; save; the toast; reload shows what was saved.
      await voicemail.fill('Thanks for calling! Leave a message and we will call you back.');
      await calls.getByRole('button', { name: 'Remove number 2' }).click();
      await calls.getByLabel('Forward calls to 2').fill('(555) 010-9002');
      await texts.getByLabel('Forward texts to 1').fill('555-010-9003');
      await form.getByLabel('Slack webhook URL').fill('https://hooks.slack.example/T000/B000');
      await form.getByLabel('Slack channel').fill('#bookings');
      await form.getByRole('switch', { name: 'Show caller ID' }).click();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
      await expect(form.getByText('All changes saved.')).toBeVisible();

      await page.reload();
      await expect(form.getByLabel('Voicemail text')).toHaveValue(
        'Thanks for calling! Leave a message and we will call you back.',
      );
      await expect(calls.getByLabel('Forward calls to 1')).toHaveValue('(555) 010-9001');
      await expect(calls.getByLabel('Forward calls to 2')).toHaveValue('(555) 010-9002');
      await expect(texts.getByLabel('Forward texts to 1')).toHaveValue('(555) 010-9003');
      await expect(form.getByRole('switch', { name: 'Post texts to Slack' })).toBeChecked();
      await expect(form.getByLabel('Slack channel')).toHaveValue('#bookings');
      await expect(form.getByRole('switch', { name: 'Show caller ID' })).toBeChecked({
        checked: !original.showCallerId,
      });
      await expect(form.getByRole('switch', { name: 'Mobile click-to-call' })).toBeChecked({
        checked: Boolean(original.mobileClickToCall),
      });
      // Turning Slack off hides its fields.
      await form.getByRole('switch', { name: 'Post texts to Slack' }).click();
      await expect(form.getByLabel('Slack webhook URL')).toBeHidden();

      // spec §8: a failed save.
      await page.route('**/api/phone/settings/save', (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom' } } }),
      );
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Failed to save settings', { exact: true })).toBeVisible();
    } finally {
      await page.unroute('**/api/phone/settings/save');
      const restored = await page.request.post('/api/phone/settings/save', {
        data: original,
        headers: sameOrigin(page),
      });
      expect(restored.ok()).toBe(true);
    }
  });

  test('the Reach page has the settings form too, in a side sheet', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/phone');
    const original = (await (await page.request.get('/api/phone/settings')).json()) as Settings;
    const open = page.getByRole('button', { name: 'Phone settings' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Phone settings' });
    const form = sheet.getByRole('form', { name: 'Phone settings' });
    try {
      await expect(form.getByLabel('Voicemail text')).toHaveValue(String(original.voicemailText));
      await page.screenshot({ path: `${screenshots}/phone-settings-sheet.png` });
      await form.getByLabel('Voicemail text').fill('   ');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(form.getByText('Voice mail text is required', { exact: true })).toBeVisible();
      await form.getByLabel('Voicemail text').fill('Back soon: leave a message at the tone.');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(open).toBeFocused();
      expect(
        ((await (await page.request.get('/api/phone/settings')).json()) as Settings).voicemailText,
      ).toBe('Back soon: leave a message at the tone.');
    } finally {
      const restored = await page.request.post('/api/phone/settings/save', {
        data: original,
        headers: sameOrigin(page),
      });
      expect(restored.ok()).toBe(true);
    }
  });

  test('without account.write the settings are read-only', async ({ page }) => {
    await signInAs(page, DEMO_USERS.manager.email, '/account?tab=voice');
    const form = page.getByRole('form', { name: 'Phone settings' });
    await expect(form.getByLabel('Voicemail text')).toBeDisabled();
    await expect(form.getByRole('switch', { name: 'Show caller ID' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Add number' })).toHaveCount(0);
    await expect(
      form.getByText(
        'You can see these settings; changing them needs permission to manage the account.',
      ),
    ).toBeVisible();
  });
});

// Screenshots for a person to look at; they assert only that each screen is there.
const screenshots = 'e2e/.artifacts/screenshots';
for (const { name, width, height, customerNumber } of [
  { name: 'desktop', width: 1280, height: 860, customerNumber: '+15550100142' },
  { name: 'mobile', width: 390, height: 844, customerNumber: '+15550100144' },
]) {
  test(`texting screenshots at ${width}px`, async ({ browser }) => {
    test.setTimeout(timeLimit(60_000));
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await staffPage(context, DEMO_USERS.owner.email);
    const business = await businessNumber(page);
    try {
      for (const body of [
        'Hi! Do you have the unicorn bounce house for the 14th?',
        'It is for my daughter’s 6th birthday, about 15 kids.',
      ]) {
        await customerTexts(page, customerNumber, business, body);
      }
      const customer = await customerWithNumber(page, customerNumber);
      if (width < 1024) await page.getByRole('button', { name: /^Messages/ }).click();
      await conversationRow(page, `${customer.firstName} ${customer.lastName}`).click();
      const panel = messagesPanel(page);
      await panel.getByLabel('Reply').fill('Yes, it is free on the 14th. Want me to hold it?');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByTestId('message').last().getByTestId('message-status')).toHaveText(
        'Delivered',
        { timeout: 20_000 },
      );
      await page.screenshot({ path: `${screenshots}/${name}-reach-texts.png` });

      await panel.getByRole('button', { name: 'New text' }).click();
      const dialog = page.getByRole('dialog', { name: 'New text' });
      await dialog.getByRole('button', { name: 'Send text' }).click();
      await expect(dialog.getByText('Phone number is required')).toBeVisible();
      await page.screenshot({ path: `${screenshots}/${name}-reach-new-text.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/account?tab=voice');
      const form = page.getByRole('form', { name: 'Phone settings' });
      await form.getByRole('switch', { name: 'Post texts to Slack' }).click();
      await form.getByLabel('Voicemail text').fill('');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(form.getByText('Voice mail text is required')).toBeVisible();
      await page.screenshot({
        path: `${screenshots}/${name}-reach-settings-form.png`,
        fullPage: true,
      });
    } finally {
      await markConversationRead(page, customerNumber);
      await context.close();
    }
  });
}
