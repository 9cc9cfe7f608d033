import type { ForecastHour } from '@tentpole/domain';
import { z } from 'zod';

/** Where the weather sandbox is mounted on the app's origin (development, tests, a demo). */
export const WEATHER_SANDBOX_BASE_PATH = '/sandbox/weather';

/** The variables the board reads, in the policy's units. */
const HOURLY = 'wind_gusts_10m,precipitation_probability,temperature_2m';

const series = z.array(z.number().nullable());
/** The part of Open-Meteo's answer the board reads (https://open-meteo.com/en/docs). */
const forecastSchema = z.object({
  utc_offset_seconds: z.number(),
  hourly_units: z.object({
    wind_gusts_10m: z.literal('mp/h'),
    temperature_2m: z.literal('°F'),
  }),
  hourly: z.object({
    time: z.array(z.string()),
    wind_gusts_10m: series,
    precipitation_probability: series,
    temperature_2m: series,
  }),
});

export type Forecasts = {
  /** Hourly gusts (mph), rain chance (%) and temperature (°F) at a point, for UTC dates. */
  hourly(point: { lat: number; lng: number }, from: string, to: string): Promise<ForecastHour[]>;
};

export class ForecastError extends Error {}

/**
 * A client of Open-Meteo's HTTP API at `baseUrl` (Open-Meteo itself, a self-hosted instance,
 * or the weather sandbox): there is no official Node client, the HTTP API is the protocol (as
 * decision 0050 says of OSRM). Asked in GMT, so each hour's time is an instant without a zone
 * to get wrong.
 */
export function createForecasts(
  baseUrl: string,
  { timeoutMs = 10_000, fetcher = fetch }: { timeoutMs?: number; fetcher?: typeof fetch } = {},
): Forecasts {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async hourly(point, from, to) {
      const query = new URLSearchParams({
        latitude: point.lat.toFixed(4),
        longitude: point.lng.toFixed(4),
        hourly: HOURLY,
        wind_speed_unit: 'mph',
        temperature_unit: 'fahrenheit',
        timezone: 'GMT',
        start_date: from,
        end_date: to,
      });
      let response: Response;
      try {
        response = await fetcher(`${root}/v1/forecast?${query}`, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
      } catch (error) {
        throw new ForecastError(`The forecast could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as unknown;
      if (!response.ok) {
        const reason = (body as { reason?: unknown } | null)?.reason;
        throw new ForecastError(
          `The forecast refused the request (${response.status}): ${typeof reason === 'string' ? reason : 'no reason given'}`,
        );
      }
      const parsed = forecastSchema.safeParse(body);
      if (!parsed.success) throw new ForecastError('The forecast answered in an unexpected shape.');
      const { hourly, utc_offset_seconds: offset } = parsed.data;
      return hourly.time.map((time, i) => ({
        at: Date.parse(`${time}:00Z`) - offset * 1000,
        gustsMph: hourly.wind_gusts_10m[i] ?? null,
        rainChance: hourly.precipitation_probability[i] ?? null,
        temperatureF: hourly.temperature_2m[i] ?? null,
      }));
    },
  };
}
