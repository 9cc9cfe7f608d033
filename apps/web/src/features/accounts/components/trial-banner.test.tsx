import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '@/test/render-in-router';
import { TrialBanner } from './trial-banner';

// A fixed clock: 20 November 2026, 09:00 local time.
const today = new Date(2026, 10, 20, 9, 0);

function endingInDays(days: number): string {
  const end = new Date(today);
  end.setDate(end.getDate() + days);
  return `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`;
}

function banner() {
  return screen.queryByRole('region', { name: 'Free trial' });
}

describe('trial banner (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(today);
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it.each([
    [0, 'Your free trial ends today.', 'red', false],
    [1, 'Your free trial ends tomorrow.', 'yellow', true],
    [2, 'Your free trial ends in 2 days.', 'blue', true],
    [5, 'Your free trial ends in 5 days.', 'blue', true],
    [14, 'Your free trial ends in 14 days.', 'blue', true],
    [-1, 'Your free trial has ended.', 'red', false],
    [-30, 'Your free trial has ended.', 'red', false],
  ])(
    'with %i days left shows %j in %s, dismissible: %s',
    async (days, message, colour, dismissible) => {
      renderInRouter(<TrialBanner accountId="acct-1" trialEndDate={endingInDays(days)} />);

      const region = await screen.findByRole('region', { name: 'Free trial' });
      expect(region).toHaveTextContent(message);
      expect(region).toHaveAttribute('data-colour', colour);
      expect(screen.getByRole('link', { name: 'Add Payment Method' })).toHaveAttribute(
        'href',
        '/account?tab=billing',
      );
      if (dismissible) {
        expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
      } else {
        expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
      }
    },
  );

  it('shows no banner with more than 14 days left', async () => {
    renderInRouter(
      <>
        <p>page</p>
        <TrialBanner accountId="acct-1" trialEndDate={endingInDays(15)} />
      </>,
    );
    await screen.findByText('page');
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows no banner without a trial end date', async () => {
    renderInRouter(
      <>
        <p>page</p>
        <TrialBanner accountId="acct-1" trialEndDate={null} />
      </>,
    );
    await screen.findByText('page');
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays dismissed for the rest of the browser session', async () => {
    const user = userEvent.setup();
    const first = renderInRouter(<TrialBanner accountId="acct-1" trialEndDate={endingInDays(5)} />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(banner()).not.toBeInTheDocument();
    first.unmount();

    // A new page load in the same tab.
    renderInRouter(
      <>
        <p>page</p>
        <TrialBanner accountId="acct-1" trialEndDate={endingInDays(5)} />
      </>,
    );
    await screen.findByText('page');
    expect(banner()).not.toBeInTheDocument();
  });

  it('comes back when the trial gets closer to its end than when it was dismissed', async () => {
    sessionStorage.setItem(
      'tentpole.trial-banner-dismissed:acct-1:Your free trial ends in 5 days.',
      '1',
    );
    renderInRouter(<TrialBanner accountId="acct-1" trialEndDate={endingInDays(1)} />);
    expect(await screen.findByRole('region', { name: 'Free trial' })).toHaveTextContent(
      'Your free trial ends tomorrow.',
    );
  });
});
