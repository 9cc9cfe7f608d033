import type { Session } from '@/features/auth/api/get-session';

export const signedInSession: Session = {
  user: {
    id: 'user-1',
    name: 'Dana Rivera',
    email: 'dana@bouncebros.example',
    accountId: 'acct-2',
    planLevel: 'pro',
    roles: ['*.*'],
    trialEndDate: null,
  },
  expires: '2099-01-01T00:00:00.000Z',
};

export const teamsResponse = {
  organizations: {
    owner: [{ id: 'acct-1', name: 'Party Palace', logo: null, plan: 'core' }],
    member: [{ id: 'acct-2', name: 'Bounce Bros Rentals', logo: null, plan: 'pro' }],
  },
};

export const accountOverview = { settings: {}, plan: { level: 'pro' } };
