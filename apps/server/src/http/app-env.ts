import type { SessionUser } from '@tentpole/domain';
import type { z } from 'zod';

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    user: SessionUser;
    /** A carrier webhook's form fields, once its signature has been checked. */
    webhookParams: Record<string, string>;
    /**
     * Where the routes' answers are checked (the tests): the query schema the matched route
     * declares, null when it declares none. `readQuery` refuses to read any other.
     */
    declaredQuery: z.ZodType | null;
  };
};
