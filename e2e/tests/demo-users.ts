export const DEMO_PASSWORD = 'tentpole-demo';

export const DEMO_USERS = {
  owner: { email: 'owner@tentpole.test', name: 'Olivia Owner' },
  manager: { email: 'manager@tentpole.test', name: 'Maya Manager' },
  staff: { email: 'staff@tentpole.test', name: 'Sam Staff' },
} as const;
