export type { SetForecast, WeatherSandbox, WeatherSandboxOptions } from './weather-sandbox';
export { CALM, createWeatherSandbox } from './weather-sandbox';
