import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';

/**
 * A stand-in for Open-Meteo's forecast API (https://open-meteo.com/en/docs): the same
 * `GET /v1/forecast` query and JSON shape, calm weather everywhere by default, and a control
 * API where a test (or a person trying the weather board) sets the weather of an area for a
 * day: gusts, rain chance, temperature, for all of it or some hours.
 */
export type WeatherSandboxOptions = {
  /** Where it is mounted on the app's origin, e.g. `/sandbox/weather`. */
  basePath: string;
  /** The control API's token; null leaves it open (development and tests on loopback). */
  accessToken: string | null;
};

/** The weather of an area on one local day (hours `fromHour` to `toHour`, inclusive). */
export type SetForecast = {
  latitude: number;
  longitude: number;
  /** How far from the point the weather reaches (km). */
  radiusKm: number;
  /** The local date (YYYY-MM-DD) in the timezone the forecast is asked in. */
  date: string;
  fromHour: number;
  toHour: number;
  windGustsMph: number | null;
  precipitationProbability: number | null;
  temperatureF: number | null;
};

/** Calm weather: light gusts, a small chance of rain, a mild day. */
export const CALM = { windGustsMph: 8, precipitationProbability: 5, temperatureF: 72 } as const;

const HOURLY_VARIABLES = ['wind_gusts_10m', 'precipitation_probability', 'temperature_2m'] as const;
type Variable = (typeof HOURLY_VARIABLES)[number];
const WIND_UNITS: Record<string, { label: string; fromMph: number }> = {
  kmh: { label: 'km/h', fromMph: 1.609344 },
  mph: { label: 'mp/h', fromMph: 1 },
  ms: { label: 'm/s', fromMph: 0.44704 },
  kn: { label: 'kn', fromMph: 0.868976 },
};

const digest = (value: string) => createHash('sha256').update(value).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Great-circle kilometres between two points. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The zone's offset from UTC (seconds) at an instant. */
function offsetSeconds(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 1000);
}

function zoneAbbreviation(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT';
}

function validZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function createWeatherSandbox(options: WeatherSandboxOptions) {
  const forecasts: SetForecast[] = [];
  let requests = 0;

  /** The weather at a point for one local hour: the last set forecast covering it wins. */
  const weatherAt = (lat: number, lng: number, date: string, hour: number) => {
    const weather: {
      windGustsMph: number;
      precipitationProbability: number;
      temperatureF: number;
    } = { ...CALM };
    for (const f of forecasts) {
      if (f.date !== date || hour < f.fromHour || hour > f.toHour) continue;
      if (km({ lat, lng }, { lat: f.latitude, lng: f.longitude }) > f.radiusKm) continue;
      if (f.windGustsMph !== null) weather.windGustsMph = f.windGustsMph;
      if (f.precipitationProbability !== null)
        weather.precipitationProbability = f.precipitationProbability;
      if (f.temperatureF !== null) weather.temperatureF = f.temperatureF;
    }
    return weather;
  };

  const app = new Hono();
  const refuse = (reason: string) =>
    new Response(JSON.stringify({ error: true, reason }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });

  // Open-Meteo's forecast: open, as the real one is (it is public weather, no one's data).
  app.get('/v1/forecast', (c) => {
    requests += 1;
    const q = (name: string) => c.req.query(name);
    const latitude = Number(q('latitude'));
    const longitude = Number(q('longitude'));
    if (!q('latitude') || !Number.isFinite(latitude) || latitude < -90 || latitude > 90)
      return refuse(`Latitude must be in range of -90 to 90°. Given: ${q('latitude') ?? 'nil'}.`);
    if (!q('longitude') || !Number.isFinite(longitude) || longitude < -180 || longitude > 180)
      return refuse(
        `Longitude must be in range of -180 to 180°. Given: ${q('longitude') ?? 'nil'}.`,
      );
    const hourly = (q('hourly') ?? '').split(',').filter(Boolean);
    const unknown = hourly.find((v) => !(HOURLY_VARIABLES as readonly string[]).includes(v));
    if (unknown)
      return refuse(
        `Data corrupted at path ''. Cannot initialize ForecastVariableHourly from invalid String value ${unknown}.`,
      );
    const windUnit = WIND_UNITS[q('wind_speed_unit') ?? 'kmh'];
    if (!windUnit)
      return refuse(
        `Data corrupted at path ''. Cannot initialize WindspeedUnit from invalid String value ${q('wind_speed_unit')}.`,
      );
    const temperatureUnit = q('temperature_unit') ?? 'celsius';
    if (temperatureUnit !== 'celsius' && temperatureUnit !== 'fahrenheit')
      return refuse(
        `Data corrupted at path ''. Cannot initialize TemperatureUnit from invalid String value ${temperatureUnit}.`,
      );
    const requestedZone = q('timezone') ?? 'GMT';
    const timeZone = requestedZone === 'auto' ? 'GMT' : requestedZone;
    if (!validZone(timeZone)) return refuse(`Invalid timezone`);
    const start = q('start_date');
    const end = q('end_date');
    if ((start && !DATE.test(start)) || (end && !DATE.test(end)))
      return refuse('Invalid date format. Make sure to use yyyy-MM-dd');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const from = start ?? today;
    const until = end ?? addDays(from, 6);
    if (until < from) return refuse(`End-date must be larger or equals than start-date`);
    if (Date.parse(until) - Date.parse(from) > 16 * 86_400_000)
      return refuse('Date range too long: at most 16 days are forecast.');

    const time: string[] = [];
    const series: Record<Variable, number[]> = {
      wind_gusts_10m: [],
      precipitation_probability: [],
      temperature_2m: [],
    };
    for (let date = from; date <= until; date = addDays(date, 1)) {
      for (let hour = 0; hour < 24; hour += 1) {
        time.push(`${date}T${String(hour).padStart(2, '0')}:00`);
        const w = weatherAt(latitude, longitude, date, hour);
        series.wind_gusts_10m.push(round1(w.windGustsMph * windUnit.fromMph));
        series.precipitation_probability.push(Math.round(w.precipitationProbability));
        series.temperature_2m.push(
          round1(
            temperatureUnit === 'fahrenheit' ? w.temperatureF : ((w.temperatureF - 32) * 5) / 9,
          ),
        );
      }
    }
    const at = new Date(`${from}T12:00:00Z`);
    const units: Record<Variable, string> = {
      wind_gusts_10m: windUnit.label,
      precipitation_probability: '%',
      temperature_2m: temperatureUnit === 'fahrenheit' ? '°F' : '°C',
    };
    return c.json({
      latitude: round1(latitude * 100) / 100,
      longitude: round1(longitude * 100) / 100,
      generationtime_ms: 0.1,
      utc_offset_seconds: offsetSeconds(timeZone, at),
      timezone: timeZone,
      timezone_abbreviation: zoneAbbreviation(timeZone, at),
      elevation: 0,
      hourly_units: Object.fromEntries([
        ['time', 'iso8601'],
        ...hourly.map((v) => [v, units[v as Variable]]),
      ]),
      hourly: Object.fromEntries([
        ['time', time],
        ...hourly.map((v) => [v, series[v as Variable]]),
      ]),
    });
  });

  // The control API: with a token (a production demo) it asks for it; a mutation must come
  // from this origin either way.
  app.use('/api/*', async (c, next) => {
    if (c.req.method !== 'GET') {
      const site = c.req.header('sec-fetch-site');
      if (site && site !== 'same-origin' && site !== 'none')
        return c.json({ error: { message: 'Cross-site request refused.' } }, 403);
    }
    if (!options.accessToken) return next();
    const auth = c.req.header('authorization') ?? '';
    const given =
      c.req.header('x-sandbox-token') ?? (auth.startsWith('Bearer ') ? auth.slice(7) : null);
    if (!given || !same(given, options.accessToken))
      return c.json({ error: { message: 'The weather sandbox asks for its token.' } }, 401);
    return next();
  });
  app.get('/api/forecasts', (c) => c.json({ forecasts, requests }));
  app.post('/api/forecasts', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const parsed = parseForecast(body);
    if (typeof parsed === 'string') return c.json({ error: { message: parsed } }, 400);
    forecasts.push(parsed);
    return c.json({ forecast: parsed }, 201);
  });
  app.delete('/api/forecasts', (c) => {
    forecasts.length = 0;
    return c.json({ ok: true });
  });

  return {
    app,
    /** Sets the weather of an area for a day (or some of its hours). */
    setForecast(
      forecast: Partial<SetForecast> & Pick<SetForecast, 'latitude' | 'longitude' | 'date'>,
    ) {
      const parsed = parseForecast(forecast);
      if (typeof parsed === 'string') throw new Error(parsed);
      forecasts.push(parsed);
      return parsed;
    },
    /** Back to calm weather everywhere. */
    clear() {
      forecasts.length = 0;
    },
    /** How many forecasts were asked for. */
    requests: () => requests,
  };
}

function parseForecast(body: Record<string, unknown> | null): SetForecast | string {
  if (!body || typeof body !== 'object') return 'Send a JSON object.';
  const num = (name: string, min: number, max: number, fallback: number | null) => {
    const value = body[name];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
      throw new Error(`${name} must be a number from ${min} to ${max}.`);
    return value;
  };
  try {
    const latitude = num('latitude', -90, 90, null);
    const longitude = num('longitude', -180, 180, null);
    if (latitude === null || longitude === null) return 'latitude and longitude are required.';
    if (typeof body.date !== 'string' || !DATE.test(body.date))
      return 'date must be a local date, YYYY-MM-DD.';
    const fromHour = num('fromHour', 0, 23, 0) as number;
    const toHour = num('toHour', 0, 23, 23) as number;
    if (toHour < fromHour) return 'toHour must be at or after fromHour.';
    return {
      latitude,
      longitude,
      radiusKm: num('radiusKm', 0, 20_000, 25) as number,
      date: body.date,
      fromHour,
      toHour,
      windGustsMph: num('windGustsMph', 0, 300, null),
      precipitationProbability: num('precipitationProbability', 0, 100, null),
      temperatureF: num('temperatureF', -80, 140, null),
    };
  } catch (error) {
    return (error as Error).message;
  }
}

export type WeatherSandbox = ReturnType<typeof createWeatherSandbox>;
