import { describe, expect, it } from 'vitest';
import { CALM, createWeatherSandbox } from '../src/index';

const QUERY =
  'hourly=wind_gusts_10m,precipitation_probability,temperature_2m&wind_speed_unit=mph&temperature_unit=fahrenheit&timezone=America%2FChicago';
const forecast = (sandbox: ReturnType<typeof createWeatherSandbox>, query: string) =>
  sandbox.app.request(`/v1/forecast?${query}`);

describe('the weather sandbox (Open-Meteo stand-in)', () => {
  it("answers Open-Meteo's hourly forecast shape with calm weather by default", async () => {
    const sandbox = createWeatherSandbox({ basePath: '/sandbox/weather', accessToken: null });
    const response = await forecast(
      sandbox,
      `latitude=41.88&longitude=-87.63&${QUERY}&start_date=2030-06-14&end_date=2030-06-15`,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      latitude: 41.88,
      longitude: -87.63,
      timezone: 'America/Chicago',
      timezone_abbreviation: 'CDT',
      utc_offset_seconds: -18000,
      hourly_units: {
        time: 'iso8601',
        wind_gusts_10m: 'mp/h',
        precipitation_probability: '%',
        temperature_2m: '°F',
      },
    });
    expect(body.hourly.time).toHaveLength(48);
    expect(body.hourly.time[0]).toBe('2030-06-14T00:00');
    expect(body.hourly.time[47]).toBe('2030-06-15T23:00');
    expect(new Set(body.hourly.wind_gusts_10m)).toEqual(new Set([CALM.windGustsMph]));
    expect(new Set(body.hourly.temperature_2m)).toEqual(new Set([CALM.temperatureF]));
    expect(sandbox.requests()).toBe(1);
  });

  it('serves a forecast set through the control API to points in its area, for its hours', async () => {
    const sandbox = createWeatherSandbox({ basePath: '/sandbox/weather', accessToken: null });
    const set = await sandbox.app.request('/api/forecasts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        latitude: 41.88,
        longitude: -87.63,
        radiusKm: 10,
        date: '2030-06-14',
        fromHour: 13,
        toHour: 16,
        windGustsMph: 35,
        precipitationProbability: 70,
      }),
    });
    expect(set.status).toBe(201);
    const near = await (
      await forecast(
        sandbox,
        `latitude=41.9&longitude=-87.65&${QUERY}&start_date=2030-06-14&end_date=2030-06-14`,
      )
    ).json();
    expect(near.hourly.wind_gusts_10m[12]).toBe(CALM.windGustsMph);
    expect(near.hourly.wind_gusts_10m[14]).toBe(35);
    expect(near.hourly.precipitation_probability[16]).toBe(70);
    expect(near.hourly.temperature_2m[14]).toBe(CALM.temperatureF);
    // 100 km away, and the next day, stay calm.
    const far = await (
      await forecast(
        sandbox,
        `latitude=42.8&longitude=-87.63&${QUERY}&start_date=2030-06-14&end_date=2030-06-15`,
      )
    ).json();
    expect(Math.max(...far.hourly.wind_gusts_10m)).toBe(CALM.windGustsMph);
    const nextDay = await (
      await forecast(
        sandbox,
        `latitude=41.88&longitude=-87.63&${QUERY}&start_date=2030-06-15&end_date=2030-06-15`,
      )
    ).json();
    expect(Math.max(...nextDay.hourly.wind_gusts_10m)).toBe(CALM.windGustsMph);
    // Metric units convert, as Open-Meteo does.
    const metric = await (
      await forecast(
        sandbox,
        'latitude=41.88&longitude=-87.63&hourly=wind_gusts_10m,temperature_2m&timezone=America%2FChicago&start_date=2030-06-14&end_date=2030-06-14',
      )
    ).json();
    expect(metric.hourly_units).toEqual({
      time: 'iso8601',
      wind_gusts_10m: 'km/h',
      temperature_2m: '°C',
    });
    expect(metric.hourly.wind_gusts_10m[14]).toBe(56.3);
    expect(metric.hourly.temperature_2m[0]).toBe(22.2);
    expect(metric.hourly).not.toHaveProperty('precipitation_probability');
    sandbox.clear();
    const cleared = await (
      await forecast(
        sandbox,
        `latitude=41.88&longitude=-87.63&${QUERY}&start_date=2030-06-14&end_date=2030-06-14`,
      )
    ).json();
    expect(Math.max(...cleared.hourly.wind_gusts_10m)).toBe(CALM.windGustsMph);
  });

  it('refuses a bad query as Open-Meteo does: 400 with { error: true, reason }', async () => {
    const sandbox = createWeatherSandbox({ basePath: '/sandbox/weather', accessToken: null });
    for (const query of [
      `latitude=95&longitude=0&${QUERY}`,
      'latitude=1&longitude=1&hourly=snowfall_depth',
      'latitude=1&longitude=1&hourly=temperature_2m&start_date=2030-06-15&end_date=2030-06-14',
      'latitude=1&longitude=1&hourly=temperature_2m&timezone=Mars%2FOlympus',
    ]) {
      const response = await forecast(sandbox, query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: true, reason: expect.any(String) });
    }
  });

  it('asks for its token on the control API when it has one, not on the forecast', async () => {
    const token = 'weather-sandbox-token-0123456789abcdef';
    const sandbox = createWeatherSandbox({ basePath: '/sandbox/weather', accessToken: token });
    const body = JSON.stringify({
      latitude: 1,
      longitude: 1,
      date: '2030-06-14',
      windGustsMph: 40,
    });
    const headers = { 'content-type': 'application/json' };
    expect(
      (await sandbox.app.request('/api/forecasts', { method: 'POST', headers, body })).status,
    ).toBe(401);
    expect(
      (
        await sandbox.app.request('/api/forecasts', {
          method: 'POST',
          headers: { ...headers, 'x-sandbox-token': 'wrong' },
          body,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await sandbox.app.request('/api/forecasts', {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await sandbox.app.request('/api/forecasts', {
          method: 'POST',
          headers: { ...headers, 'x-sandbox-token': token, 'sec-fetch-site': 'cross-site' },
          body,
        })
      ).status,
    ).toBe(403);
    const open = await forecast(
      sandbox,
      `latitude=1&longitude=1&${QUERY}&start_date=2030-06-14&end_date=2030-06-14`,
    );
    expect(open.status).toBe(200);
    expect(Math.max(...(await open.json()).hourly.wind_gusts_10m)).toBe(40);
  });

  it('refuses a bad forecast with the reason', async () => {
    const sandbox = createWeatherSandbox({ basePath: '/sandbox/weather', accessToken: null });
    const response = await sandbox.app.request('/api/forecasts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: 1, longitude: 1, date: 'Saturday', windGustsMph: 40 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: 'date must be a local date, YYYY-MM-DD.' },
    });
  });
});
