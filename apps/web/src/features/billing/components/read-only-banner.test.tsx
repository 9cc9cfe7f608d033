import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReadOnlyBanner } from './read-only-banner';

vi.mock('@/components/app-link', () => ({
  AppLink: ({ url, children }: { url: string; children: React.ReactNode }) => (
    <a href={url}>{children}</a>
  ),
}));

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');

describe('ReadOnlyBanner (§13)', () => {
  it('says why the account is read-only and links an owner to Billing', async () => {
    render(<ReadOnlyBanner trialEndDate={day(-2)} roles={['tentpole:*']} />);
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
    render(<ReadOnlyBanner trialEndDate={day(-2)} roles={['tentpole:order.write']} />);
    expect(await screen.findByRole('region', { name: 'Read-only account' })).toHaveTextContent(
      'Ask the account owner to add a payment method.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing during the trial, on its last day, or without one', () => {
    for (const trialEndDate of [day(3), day(0), null]) {
      const { unmount } = render(<ReadOnlyBanner trialEndDate={trialEndDate} roles={[]} />);
      expect(screen.queryByRole('region')).toBeNull();
      unmount();
    }
  });
});
