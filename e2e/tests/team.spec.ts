import { expect, type Page, test } from '@playwright/test';
import { formatPhone } from '@tentpole/domain';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_21_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 23 item 1 (back-office spec §12): the owner invites a driver by text link, the phone
// sandbox receives it, the driver accepts in a browser of their own and sees only the driver's
// screens; the owner removes them and the driver's open tab is signed out within seconds.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

/** The invitation link the carrier carried to `to`, read from the phone sandbox's control API. */
async function invitationTexted(page: Page, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const response = await page.request.get(
      `/sandbox/control/messages?${new URLSearchParams({ to })}`,
    );
    const messages = (await response.json()) as { body: string }[];
    const found = messages
      .map((m) => /https?:\/\/\S+\/invite\/[\w-]{43}/.exec(m.body)?.[0])
      .filter((m): m is string => Boolean(m));
    expect(found.length).toBeGreaterThan(0);
    link = found.at(-1) as string;
  }).toPass({ timeout: 20_000 });
  return link;
}

for (const { width, height } of WIDTHS) {
  test(`the owner invites a driver by text link and removes them (${width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(timeLimit(150_000));
    await page.setViewportSize({ width, height });
    // A number of this attempt's own: a retry reading the first attempt's text would open an
    // invitation that was already accepted.
    const phone = `+1555${width < 768 ? 1 : 2}${String(Date.now()).slice(-6)}`;
    const driverName = `Dana Driver 🚚 ${width}`;
    const driverEmail = `dana.${width}.${Date.now()}@example.com`;

    await signInAs(page, DEMO_USERS.owner.email, '/staff');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    const members = page.getByRole('region', { name: /Members/ });
    await expect(members.getByRole('listitem').filter({ hasText: 'Olivia Owner' })).toContainText(
      'Owner',
    );
    await expectNoSeriousAxe(page, { what: 'team page', tags: WCAG_21_AA });
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/team-${width}.png`, fullPage: true });

    // Invite by text link, as a Driver.
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByRole('radio', { name: 'Text message' }).check();
    await dialog.getByLabel('Mobile number').fill(phone);
    await dialog.getByRole('radio', { name: /^Driver/ }).check();
    await expectNoSeriousAxe(page, { what: 'invite dialog', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/team-invite-${width}.png` });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Invitation link texted')).toBeVisible();
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await expect(
      invitations.getByRole('listitem').filter({ hasText: formatPhone(phone) }),
    ).toContainText('Driver');

    // The driver opens the link in a browser of their own and sets their name and password.
    const link = await invitationTexted(page, phone);
    const driverContext = await browser.newContext({
      viewport: { width, height },
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const driver = await driverContext.newPage();
      await driver.goto(link);
      await expect(driver.getByText('Olivia Owner invited you to join')).toBeVisible();
      await driver.getByLabel('Your name').fill(driverName);
      await driver.getByLabel('E-mail').fill(driverEmail);
      await driver.getByLabel('Password').fill('driver password 123');
      await expectNoSeriousAxe(driver, { what: 'accept invitation page', tags: WCAG_21_AA });
      await fitsWidth(driver, width);
      await driver.screenshot({ path: `${screenshots}/team-accept-${width}.png` });
      await driver.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(driver).toHaveURL('/');

      // Only the driver's screens. The Platform items show to everyone (spec §6 hides only Back
      // Office items); the Back Office group is gone, and pages outside the preset are refused.
      if (width < 768) await driver.getByRole('button', { name: 'Toggle Sidebar' }).click();
      const nav = driver.getByRole('navigation', { name: 'Main navigation' });
      await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Reach' })).toBeVisible();
      await expect(nav.getByText('Back Office')).toHaveCount(0);
      for (const hidden of ['Delivery Manager', 'Emails', 'Reports', 'Team', 'Settings']) {
        await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
      }
      await driver.screenshot({ path: `${screenshots}/team-driver-${width}.png` });
      if (width < 768) await driver.keyboard.press('Escape');
      for (const path of ['/customers', '/products', '/coupons', '/staff', '/reports']) {
        await driver.goto(path);
        await expect(driver.getByText('You do not have access to this page'), path).toBeVisible();
      }
      await driver.goto('/orders');
      await expect(driver.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

      // The owner sees the new member and removes them.
      await page.reload();
      const entry = members.getByRole('listitem').filter({ hasText: driverEmail });
      await expect(entry).toContainText('Driver');
      await expect(entry).toContainText(driverName);
      await fitsWidth(page, width);
      await page.screenshot({
        path: `${screenshots}/team-with-driver-${width}.png`,
        fullPage: true,
      });
      await entry.getByRole('button', { name: `Manage ${driverName}` }).click();
      await page.getByRole('menuitem', { name: 'Remove from team' }).click();
      const confirm = page.getByRole('dialog', { name: `Remove ${driverName}?` });
      await expect(confirm).toBeVisible();
      await expectNoSeriousAxe(page, { what: 'remove dialog', tags: WCAG_21_AA });
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(confirm).toBeHidden();
      await expect(members.getByRole('listitem').filter({ hasText: driverEmail })).toHaveCount(0);

      // The driver's open tab is signed out within seconds, without them doing anything.
      await expect(driver).toHaveURL(/\/auth\/login/, { timeout: 10_000 });
      await expect(driver.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await driver.screenshot({ path: `${screenshots}/team-driver-signed-out-${width}.png` });
    } finally {
      await driverContext.close();
    }
  });
}
