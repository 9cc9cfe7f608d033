import type { Feature } from '../feature.js';
import { eventRoutes } from './routes.js';

/** The live-event stream every signed-in tab holds open. */
export const eventsFeature: Feature = {
  name: 'events',
  routes: ({ realtime, auth }) => (realtime ? eventRoutes(realtime.hub, auth) : []),
};
