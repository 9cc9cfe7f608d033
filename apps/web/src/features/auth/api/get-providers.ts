import { type AuthProviders, authProvidersResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export type { AuthProviders };

/** spec §7: GET {basepath}/providers, the sign-in methods the auth server offers. */
export async function getProviders(): Promise<AuthProviders> {
  return apiFetch('/api/auth/providers', authProvidersResponseSchema);
}
