import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstrumentationProvider } from '@/app/providers/instrumentation-provider';
import type { AnalyticsAdapter } from '@/lib/instrumentation/analytics-adapter';
import { createCookieConsentStore } from '@/lib/instrumentation/analytics-consent';
import { createInstrumentation } from '@/lib/instrumentation/instrumentation';
import { AnalyticsConsentPrompt } from './analytics-consent-prompt';

function clearConsentCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie.
  document.cookie = 'tentpole_analytics_consent=; path=/; max-age=0';
}

function renderPrompt(analyticsAdapter?: AnalyticsAdapter) {
  const instrumentation = createInstrumentation(
    { environment: 'test' },
    { analyticsAdapter, consent: createCookieConsentStore() },
  );
  render(
    <InstrumentationProvider instrumentation={instrumentation}>
      <p>page</p>
      <AnalyticsConsentPrompt />
    </InstrumentationProvider>,
  );
  return instrumentation;
}

const adapter = () => ({ identify: vi.fn(), capture: vi.fn(), reset: vi.fn() });

describe('analytics consent prompt', () => {
  afterEach(clearConsentCookie);

  it('is not shown when no analytics service is configured', () => {
    renderPrompt();
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
  });

  it('asks while consent is pending, and sends the page view only after it is allowed', async () => {
    const recording = adapter();
    const instrumentation = renderPrompt(recording);
    instrumentation.analytics.pageView('http://localhost/');

    expect(screen.getByRole('region', { name: 'Analytics consent' })).toBeInTheDocument();
    expect(recording.capture).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Allow analytics' }));

    expect(screen.queryByRole('region', { name: 'Analytics consent' })).not.toBeInTheDocument();
    expect(instrumentation.consent.get()).toBe('granted');
    expect(recording.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'http://localhost/',
    });
    expect(document.cookie).toContain('tentpole_analytics_consent=granted');
  });

  it('records a refusal, sends nothing and does not ask again', async () => {
    const recording = adapter();
    const instrumentation = renderPrompt(recording);

    await userEvent.setup().click(screen.getByRole('button', { name: 'No thanks' }));
    instrumentation.analytics.pageView('http://localhost/');

    expect(instrumentation.consent.get()).toBe('denied');
    expect(recording.capture).not.toHaveBeenCalled();
    expect(createCookieConsentStore().get()).toBe('denied');
  });
});
