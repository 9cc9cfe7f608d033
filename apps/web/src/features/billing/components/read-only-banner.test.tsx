import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router';
import { ReadOnlyBanner } from './read-only-banner';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');

/** The banner on a page of a real router (its Billing link is a router link). */
const renderBanner = (trialEndDate: string | null, roles: string[]) =>
  renderInRouter(
    <main>
      <h1>Page</h1>
      <ReadOnlyBanner trialEndDate={trialEndDate} roles={roles} />
    </main>,
  );

describe('ReadOnlyBanner (§13)', () => {
  it('says why the account is read-only and links an owner to Billing', async () => {
    renderBanner(day(-2), ['tentpole:*']);
    const banner = await screen.findByRole('region', { name: 'Read-only account' });
    expect(banner).toHaveTextContent(
      'This account is read-only because its free trial ended without a payment method. Your data is safe. Add a payment method to keep working.',
    );
    expect(screen.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
      'href',
      '/account?tab=billing',
    );
  });

  it('asks a member who cannot pay to ask the owner', async () => {
    renderBanner(day(-2), ['tentpole:order.write']);
    expect(await screen.findByRole('region', { name: 'Read-only account' })).toHaveTextContent(
      'Ask the account owner to add a payment method.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing during the trial, on its last day, or without one', async () => {
    for (const trialEndDate of [day(3), day(0), null]) {
      const { unmount } = renderBanner(trialEndDate, []);
      // The page has rendered (the router is ready), and the banner is not on it.
      await screen.findByRole('heading', { name: 'Page' });
      expect(screen.queryByRole('region')).toBeNull();
      unmount();
    }
  });
});
