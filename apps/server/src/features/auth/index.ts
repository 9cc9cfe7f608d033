import type { Feature } from '../feature.js';
import { authRoutes } from './routes.js';

/** Sign-in: the Auth.js endpoints and the auth client's log. */
export const authFeature: Feature = {
  name: 'auth',
  routes: ({ auth, trustedProxies }) => authRoutes(auth, trustedProxies),
};
