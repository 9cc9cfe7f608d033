import { afterEach, describe, expect, it } from 'vitest';
import type { SuggestedCaller } from '../src/options';
import { createPhoneSandbox, type PhoneSandbox } from '../src/sandbox';
import { TEST_CREDENTIALS } from '../src/standalone';

let sandbox: PhoneSandbox | undefined;
afterEach(() => sandbox?.close());

/** The phone page as a sandbox given these suggested callers serves it. */
async function phonePage(suggestedCallers?: readonly SuggestedCaller[]): Promise<string> {
  sandbox = createPhoneSandbox({
    ...TEST_CREDENTIALS,
    publicUrl: 'http://localhost:3000',
    ...(suggestedCallers ? { suggestedCallers } : {}),
  });
  const response = await sandbox.app.request('/phone');
  expect(response.status).toBe(200);
  return response.text();
}

/** The buttons of the "Play a demo customer" list: their number and their text. */
function demoCustomerButtons(html: string): { number: string; text: string }[] {
  const list = html.match(/<ul id="suggested-callers" aria-label="Demo customers">(.*?)<\/ul>/s);
  return [
    ...(list?.[1] ?? '').matchAll(/<button type="button" data-number="([^"]*)">(.*?)<\/button>/g),
  ].map(([, number = '', text = '']) => ({ number, text: text.replace(/<[^>]+>/g, '') }));
}

describe('the phone page offers the demo customers the app suggested', () => {
  it('lists each one with their name and number under "Play a demo customer", and says so', async () => {
    const html = await phonePage([
      { name: 'Charlotte Hill', number: '+15550100123' },
      { name: 'Noah Garcia', number: '+15550100101' },
    ]);

    expect(html).toContain('<legend>Play a demo customer</legend>');
    expect(html).toContain('Pick one and this phone takes their number');
    expect(demoCustomerButtons(html)).toEqual([
      { number: '+15550100123', text: 'Charlotte Hill +15550100123' },
      { number: '+15550100101', text: 'Noah Garcia +15550100101' },
    ]);
  });

  it('escapes a name, and leaves out a number that is not E.164', async () => {
    const html = await phonePage([
      { name: '<img src=x onerror=alert(1)> "Eve"', number: '+15550100124' },
      { name: 'Nobody', number: '555-0100' },
      { name: '  ', number: '+15550100125' },
    ]);

    expect(html).not.toContain('<img src=x');
    expect(demoCustomerButtons(html)).toEqual([
      {
        number: '+15550100124',
        text: '&lt;img src=x onerror=alert(1)&gt; &quot;Eve&quot; +15550100124',
      },
      // A blank name shows the number alone.
      { number: '+15550100125', text: '+15550100125 +15550100125' },
    ]);
  });

  it('shows no demo customers when the app suggested none', async () => {
    const html = await phonePage();

    expect(html).not.toContain('Play a demo customer');
    expect(demoCustomerButtons(html)).toEqual([]);
  });
});
