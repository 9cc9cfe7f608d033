import type { SessionUser } from '@tentpole/domain';

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    user: SessionUser;
    /** A carrier webhook's form fields, once its signature has been checked. */
    webhookParams: Record<string, string>;
  };
};
