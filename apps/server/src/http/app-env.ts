import type { SessionUser } from '@tentpole/domain';

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    user: SessionUser;
  };
};
