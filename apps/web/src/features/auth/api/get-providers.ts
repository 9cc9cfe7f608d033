import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const providersSchema = z.record(z.string(), z.object({ id: z.string(), type: z.string() }));

export type AuthProviders = z.output<typeof providersSchema>;

/** spec §7: GET {basepath}/providers, the sign-in methods the auth server offers. */
export async function getProviders(): Promise<AuthProviders> {
  return apiFetch('/api/auth/providers', providersSchema);
}
