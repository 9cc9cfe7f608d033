import { AREA_CODE_MESSAGE, CHOOSE_A_NUMBER_MESSAGE, NUMBER_TAKEN_MESSAGE } from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { usePhoneInfo } from '../api/get-phone-info';
import { renderWithPhone } from '../test/render-phone';
import { ConnectNumberSection } from './connect-number-section';

const offered = (areaCode: string, from = 100) =>
  Array.from({ length: 3 }, (_, i) => ({
    phoneNumber: `+1${areaCode}019${String(from + i).padStart(4, '0')}`,
    locality: 'Austin',
    region: 'TX',
  }));

const noNumber = {
  enabled: false,
  messagingStatus: null,
  mobileClickToCall: false,
  currentUserPhoneNumber: null,
  businessNumber: null,
};

/** The page reads the phone info too: buying a number must refresh it. */
function Page() {
  usePhoneInfo();
  return <ConnectNumberSection />;
}

const count = (requests: { method: string; path: string }[], what: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === what).length;

describe('ConnectNumberSection (decision 0066)', () => {
  it('checks the area code before asking, then lists the numbers as a radio group', async () => {
    const user = userEvent.setup();
    const server = stubServer({
      'GET /api/phone/': () => Response.json(noNumber),
      'GET /api/phone/numbers/available': (r) =>
        Response.json({ numbers: offered(r.search.get('areaCode') ?? '555') }),
    });
    renderWithPhone(<Page />);

    await user.type(screen.getByLabelText('Area code'), '51');
    await user.click(screen.getByRole('button', { name: 'Find numbers' }));
    expect(await screen.findByText(AREA_CODE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Area code')).toHaveAttribute('aria-invalid', 'true');
    expect(count(server.requests, 'GET /api/phone/numbers/available')).toBe(0);

    await user.type(screen.getByLabelText('Area code'), '2');
    await user.keyboard('{Enter}');
    const group = await screen.findByRole('group', { name: 'Available numbers' });
    expect(server.requests.at(-1)?.search.get('areaCode')).toBe('512');
    expect(screen.queryByText(AREA_CODE_MESSAGE)).not.toBeInTheDocument();
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /\(512\) 019-0100/ })).toBeInTheDocument();
    expect(within(group).getAllByText('Austin, TX')).toHaveLength(3);
  });

  it('gets the chosen number with the keyboard and refreshes the phone info', async () => {
    const user = userEvent.setup();
    let bought: unknown = null;
    const server = stubServer({
      'GET /api/phone/': () =>
        Response.json(
          bought ? { ...noNumber, enabled: true, businessNumber: '+15120190101' } : noNumber,
        ),
      'GET /api/phone/numbers/available': () => Response.json({ numbers: offered('512') }),
      'POST /api/phone/numbers': (r) => {
        bought = r.json;
        return Response.json(
          { phoneNumber: '+15120190101', messagingStatus: null },
          { status: 201 },
        );
      },
    });
    renderWithPhone(<Page />);
    await user.type(screen.getByLabelText('Area code'), '512');
    await user.click(screen.getByRole('button', { name: 'Find numbers' }));
    await screen.findByRole('group', { name: 'Available numbers' });

    // Nothing chosen yet: said beside the list, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Get this number' }));
    expect(await screen.findByText(CHOOSE_A_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(count(server.requests, 'POST /api/phone/numbers')).toBe(0);

    // Keyboard: Space checks the focused radio; an arrow moves the check to the next one.
    screen.getAllByRole('radio')[0]?.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /\(512\) 019-0101/ })).toBeChecked();
    const infoReads = count(server.requests, 'GET /api/phone/');
    await user.click(screen.getByRole('button', { name: 'Get this number' }));

    await waitFor(() => expect(bought).toEqual({ phoneNumber: '+15120190101' }));
    expect(
      await screen.findByText(
        '(512) 019-0101 is your business number. Calls work now; texts start once your business is registered for texting.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(count(server.requests, 'GET /api/phone/')).toBeGreaterThan(infoReads),
    );
  });

  it('a number taken since the search: the message beside the list, and the list asked again', async () => {
    const user = userEvent.setup();
    let searches = 0;
    const server = stubServer({
      'GET /api/phone/': () => Response.json(noNumber),
      'GET /api/phone/numbers/available': () => {
        searches += 1;
        return Response.json({ numbers: offered('512', searches === 1 ? 100 : 200) });
      },
      'POST /api/phone/numbers': () =>
        Response.json(
          { error: { code: 'conflict', message: NUMBER_TAKEN_MESSAGE } },
          { status: 409 },
        ),
    });
    renderWithPhone(<Page />);
    await user.type(screen.getByLabelText('Area code'), '512');
    await user.click(screen.getByRole('button', { name: 'Find numbers' }));
    await user.click(await screen.findByRole('radio', { name: /\(512\) 019-0100/ }));
    await user.click(screen.getByRole('button', { name: 'Get this number' }));

    expect(await screen.findByText(NUMBER_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /\(512\) 019-0200/ })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /\(512\) 019-0100/ })).not.toBeInTheDocument();
    expect(count(server.requests, 'POST /api/phone/numbers')).toBe(1);
    expect(screen.getByRole('group', { name: 'Available numbers' })).toHaveAccessibleDescription(
      NUMBER_TAKEN_MESSAGE,
    );
  });
});
