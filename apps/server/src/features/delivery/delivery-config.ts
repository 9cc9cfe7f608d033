import { z } from 'zod';

const urlVariable = (name: string) =>
  z
    .url(`${name} must be an http:// or https:// URL`)
    .refine((u) => /^https?:\/\//.test(u), `${name} must be an http:// or https:// URL`)
    .optional();

const schema = z.object({
  // back-office spec §7.1: a Nominatim-compatible geocoder; unset: ZIP code centres.
  GEOCODER_URL: urlVariable('GEOCODER_URL'),
  // A road router speaking OSRM's HTTP API; unset: great-circle miles × 1.3.
  OSRM_URL: urlVariable('OSRM_URL'),
});

export type DeliveryConfig = { geocoderUrl: string | null; osrmUrl: string | null };

/**
 * The outside services delivery fees use, read from the environment. The feature reads its own
 * two variables (as the carrier's live in telephony-config); a bad one stops the server at boot
 * with its name, when the routes are built.
 */
export function deliveryConfig(source: NodeJS.ProcessEnv = process.env): DeliveryConfig {
  const parsed = schema.safeParse({
    GEOCODER_URL: source.GEOCODER_URL || undefined,
    OSRM_URL: source.OSRM_URL || undefined,
  });
  if (!parsed.success)
    throw new Error(
      `Invalid environment:\n${parsed.error.issues.map((i) => `  - ${i.message}`).join('\n')}`,
    );
  return {
    geocoderUrl: parsed.data.GEOCODER_URL?.replace(/\/+$/, '') ?? null,
    osrmUrl: parsed.data.OSRM_URL?.replace(/\/+$/, '') ?? null,
  };
}
