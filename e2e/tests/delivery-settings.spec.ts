import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_21_AA } from './page-checks';
import { sameOrigin } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 19 item 1 (back-office spec §7.1): from the Delivery Manager an owner opens Delivery
// settings, changes a distance tier's fee, adds a depot placed by its ZIP code, tries an
// address and sees the fee; then puts Bounce Kingdom's rules back and removes the depot. At a
// desktop and a phone width, axe-clean. The two widths change the same account's rules, so
// they run one after the other.
test.describe.configure({ mode: 'serial' });

const screenshots = 'e2e/.artifacts/screenshots';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

async function expectAccessible(page: Page, what: string) {
  // A toast caught mid-fade has the contrast of neither end: let its transitions finish first.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((toast) =>
      toast.getAnimations({ subtree: true }).every((a: Animation) => a.playState !== 'running'),
    ),
  );
  await expectNoSeriousAxe(page, { what, tags: WCAG_21_AA });
}

/**
 * Bounce Kingdom's demo rules as the test expects them at its start (tier 1 at $40, no test
 * depot), whatever an earlier attempt left, so that a retry starts where the first try did.
 */
async function startFromTheDemo(page: Page, depot: string) {
  const headers = sameOrigin(page);
  const { settings } = (await (await page.request.get('/api/delivery/settings')).json()) as {
    settings: { tiers: { upToMiles: number; fee: number }[] };
  };
  if (settings.tiers[0] && settings.tiers[0].fee !== 4_000) {
    const tiers = settings.tiers.map((tier, i) => (i === 0 ? { ...tier, fee: 4_000 } : tier));
    const saved = await page.request.put('/api/delivery/settings', {
      headers,
      data: { ...settings, tiers },
    });
    expect(saved.status()).toBe(200);
  }
  const { depots } = (await (await page.request.get('/api/delivery/depots')).json()) as {
    depots: { id: string; name: string }[];
  };
  for (const left of depots.filter((d) => d.name === depot)) {
    const deleted = await page.request.delete(`/api/delivery/depots/${left.id}`, { headers });
    expect(deleted.status()).toBe(204);
  }
}

async function setTierOneFee(page: Page, amount: string) {
  const fees = page.getByRole('form', { name: 'Delivery fees' });
  // A money box shows '$40.00' until it has focus, then '40.00' to edit: focus it first, so
  // the fill replaces the text being edited rather than the formatted one.
  const fee = fees.getByLabel('Tier 1 fee');
  await fee.focus();
  await expect(fee).not.toHaveValue(/\$/);
  await fee.fill(amount);
  await page.getByRole('button', { name: 'Save delivery settings' }).click();
  await expect(page.getByText('Delivery settings saved.').first()).toBeVisible();
}

for (const { width, height } of WIDTHS) {
  test(`an owner changes a tier, adds a depot and prices an address (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const depot = `E2E depot ${width}`;

    await signInAs(page, DEMO_USERS.owner.email, '/orders/driver/calendar');
    await startFromTheDemo(page, depot);
    await page.getByRole('link', { name: 'Delivery settings' }).click();
    await expect(page).toHaveURL('/orders/driver/settings');
    await expect(page.getByRole('heading', { name: 'Delivery settings', level: 1 })).toBeVisible();

    // Bounce Kingdom's demo rules: $40 up to 10 mi, $60 up to 20, the Austin warehouse.
    const fees = page.getByRole('form', { name: 'Delivery fees' });
    await expect(fees.getByLabel('Tier 1 fee')).toHaveValue('$40.00');
    await expect(page.getByRole('list', { name: 'Depots' })).toContainText('Austin warehouse');
    await setTierOneFee(page, '45');
    await expect(fees.getByLabel('Tier 1 fee')).toHaveValue('$45.00');

    // A depot placed at its ZIP code's centre (Georgetown, north of Austin).
    await page.getByRole('button', { name: 'Add depot' }).click();
    const dialog = page.getByRole('dialog', { name: 'New depot' });
    await dialog.getByLabel('Name').fill(depot);
    await dialog.getByLabel('Street address').fill('100 Industrial Blvd');
    await dialog.getByLabel('City').fill('Georgetown');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('ZIP code').fill('78626');
    // The map shows where the ZIP code puts it, with a pin to move (left where it is here).
    const map = dialog.getByRole('group', { name: 'Pin on the map' });
    await expect(map.getByText(/^Placed at the ZIP code’s centre\./)).toBeVisible();
    await expect(map.getByRole('button', { name: /^Move the pin/ })).toBeVisible();
    await map.screenshot({ path: `${screenshots}/depot-pin-map-${width}.png` });
    await expectAccessible(page, 'new depot dialog');
    await dialog.getByRole('button', { name: 'Add depot' }).click();
    await expect(dialog).toBeHidden();
    const entry = page.getByRole('list', { name: 'Depots' }).getByRole('listitem').filter({
      hasText: depot,
    });
    await expect(entry).toContainText('at the ZIP code’s centre');

    // The fee for an address in that ZIP code: the new depot is the nearest, 0 mi, tier 1.
    const tryBox = page.getByRole('form', { name: 'Try an address' });
    await tryBox.getByLabel('Street address').fill('200 Main St');
    await tryBox.getByLabel('ZIP code').fill('78626');
    await tryBox.getByRole('button', { name: 'Get the fee' }).click();
    const fee = page.getByRole('region', { name: 'Delivery fee' });
    await expect(fee).toContainText('Delivery fee $45.00');
    await expect(fee).toContainText(`0 mi from ${depot} (estimated: straight line × 1.3)`);
    // Beyond the 40 mi radius: refused, with the distance.
    await tryBox.getByLabel('ZIP code').fill('76501');
    await tryBox.getByRole('button', { name: 'Get the fee' }).click();
    await expect(fee).toContainText('Not delivered');
    await expect(fee).toContainText('beyond the 40 mi delivery area');
    await tryBox.getByLabel('ZIP code').fill('78626');
    await tryBox.getByRole('button', { name: 'Get the fee' }).click();
    await expect(fee).toContainText('Delivery fee $45.00');

    await fitsWidth(page, width);
    await expectAccessible(page, 'delivery settings');
    await page.screenshot({ path: `/tmp/delivery-settings-${width}.png`, fullPage: true });
    await fee.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/delivery-quote-${width}.png` });

    // Put the demo back: the depot removed, tier 1 at $40 again.
    await entry.getByRole('button', { name: `Delete ${depot}` }).click();
    await entry.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Depot ${depot} deleted.`)).toBeVisible();
    await expect(entry).toBeHidden();
    await setTierOneFee(page, '40');
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Delivery fees' }).getByLabel('Tier 1 fee'),
    ).toHaveValue('$40.00');
  });
}
