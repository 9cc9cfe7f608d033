import type { Member, TeamResponse } from '@tentpole/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// back-office spec §12: the Team page (issue 23 item 1).
const PAGE_LOAD = { timeout: 5_000 };
const APP_TEST = { timeout: 20_000 };

const member = (over: Partial<Member> & Pick<Member, 'userId' | 'name' | 'email'>): Member => ({
  preset: null,
  permissions: [],
  owner: false,
  status: 'active',
  lastSignInAt: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
  you: false,
  ...over,
});

const team: TeamResponse = {
  members: [
    member({
      userId: 'user-1',
      name: 'Dana Rivera',
      email: 'dana@bouncebros.example',
      preset: 'owner',
      permissions: ['*'],
      owner: true,
      you: true,
      lastSignInAt: '2026-11-20T15:00:00.000Z',
    }),
    member({
      userId: 'user-2',
      name: 'Ravi 🚚 Venkataraman-Longname',
      email: 'ravi@example.com',
      preset: null,
      permissions: ['customer.read', 'reports.read'],
      status: 'suspended',
    }),
  ],
  invites: [
    {
      id: 'inv-1',
      via: 'text',
      email: null,
      phoneNumber: '+15550107777',
      preset: 'driver',
      permissions: ['delivery.driver', 'phone.read'],
      status: 'pending',
      sentAt: '2026-11-20T15:00:00.000Z',
      expiresAt: '2026-11-27T15:00:00.000Z',
      invitedBy: 'Dana Rivera',
    },
  ],
};

function teamServer(routes: Parameters<typeof stubServer>[0] = {}, roles = ['tentpole:*']) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return stubServer({
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/staff': () => Response.json(team),
    ...routes,
  });
}

describe('the Team page', APP_TEST, () => {
  it('lists members with their role, status and last sign-in, and the open invitations', async () => {
    teamServer();
    renderApp('/staff');
    const members = await screen.findByRole('region', { name: /Members/ }, PAGE_LOAD);
    const [owner, ravi] = within(members).getAllByRole('listitem');
    expect(owner).toHaveTextContent('Dana Rivera(you)');
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent(/Last active Nov 20, 2026/);
    expect(ravi).toHaveTextContent('Custom permissions');
    expect(ravi).toHaveTextContent('Suspended');
    expect(ravi).toHaveTextContent('customer.read, reports.read');
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(invitations).toHaveTextContent('(555) 010-7777');
    expect(invitations).toHaveTextContent('Driver');
  });

  it("sends a custom role's permissions, and refuses a custom role with none", async () => {
    const { requests } = teamServer({
      'PATCH /api/staff/members/user-2': ({ json }) =>
        Response.json({ member: { ...team.members[1], ...(json as object), preset: null } }),
    });
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: /Manage Ravi/ }, PAGE_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: /Change Ravi/ });
    // Preset descriptions sit beside each preset.
    expect(dialog).toHaveTextContent('Reports and payments; read-only everywhere else.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'See customers' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'See reports' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByText('Choose at least one permission')).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Refund payments' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await screen.findByText("Ravi 🚚 Venkataraman-Longname's role was saved");
    expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({
      preset: 'custom',
      permissions: ['payment.refund'],
    });
  });

  it('shows the server’s last-owner refusal in the remove dialog', async () => {
    teamServer({
      'DELETE /api/staff/members/user-1': () =>
        Response.json(
          {
            error: {
              code: 'conflict',
              message:
                'The account must keep at least one owner. Make another member an owner first.',
            },
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/staff');
    await user.click(await screen.findByRole('button', { name: 'Manage Dana Rivera' }, PAGE_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave the team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dana Rivera?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The account must keep at least one owner.',
    );
  });

  it('hides the owner’s menu and the Owner preset from a member who is not an owner', async () => {
    teamServer({}, [
      'tentpole:staff.others.read',
      'tentpole:staff.others.write',
      'tentpole:customer.read',
    ]);
    const user = userEvent.setup();
    renderApp('/staff');
    await screen.findByRole('region', { name: /Members/ }, PAGE_LOAD);
    expect(screen.queryByRole('button', { name: 'Manage Dana Rivera' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    expect(within(dialog).getByRole('radio', { name: /^Owner/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeVisible();
  });
});
