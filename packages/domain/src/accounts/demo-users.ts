// The demo business's staff, as `npm run seed` creates them; the browser tests sign in as them.
// The order is the seed's: owner, manager, staff, driver (back-office spec §1: Dana Driver).
export const DEMO_USERS = [
  { email: 'owner@tentpole.test', name: 'Olivia Owner' },
  { email: 'manager@tentpole.test', name: 'Maya Manager' },
  { email: 'staff@tentpole.test', name: 'Sam Staff' },
  { email: 'driver@tentpole.test', name: 'Dana Driver' },
] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/** Every demo user's password. Demo data only: production never seeds it. */
export const DEMO_PASSWORD = 'tentpole-demo';
