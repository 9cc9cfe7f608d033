import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

describe('demo users', () => {
  it.each([
    { index: 0, email: 'owner@tentpole.test', name: 'Olivia Owner' },
    { index: 1, email: 'manager@tentpole.test', name: 'Maya Manager' },
    { index: 2, email: 'staff@tentpole.test', name: 'Sam Staff' },
    { index: 3, email: 'driver@tentpole.test', name: 'Dana Driver' },
  ])('seeds $name as $email', ({ index, email, name }) => {
    expect(DEMO_USERS[index]).toEqual({ email, name });
  });

  it('has four users with distinct e-mail addresses and one shared password', () => {
    expect(new Set(DEMO_USERS.map((user) => user.email)).size).toBe(4);
    expect(DEMO_PASSWORD).toBe('tentpole-demo');
  });
});
