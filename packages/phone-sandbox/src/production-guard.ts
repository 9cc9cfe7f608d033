export class SandboxRefusedError extends Error {}

/**
 * The sandbox is a development and test tool. It refuses to run when the server is in production
 * mode with real Twilio credentials, so a misconfigured deploy fails at boot instead of sending
 * customers' calls into a pretend network.
 */
export function assertSandboxAllowed(env: {
  production: boolean;
  /** True when real Twilio credentials are configured (the server then talks to Twilio). */
  hasTwilioCredentials: boolean;
}): void {
  if (env.production && env.hasTwilioCredentials) {
    throw new SandboxRefusedError(
      'The phone sandbox does not run in production with real Twilio credentials. Unset the sandbox or the credentials.',
    );
  }
}
