import { DEMO_USERS as SEEDED_USERS } from '@tentpole/domain';

export { DEMO_PASSWORD } from '@tentpole/domain';

// The seed's users (owner, manager, staff, driver, in that order), by the role the tests need.
const [owner, manager, staff, driver] = SEEDED_USERS;
export const DEMO_USERS = { owner, manager, staff, driver } as const;
