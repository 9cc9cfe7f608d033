import type { Feature } from '../feature.js';
import { couponRoutes } from './routes.js';
import { seedCoupons } from './seed.js';
import * as tables from './tables.js';

/** Coupons (§9): their rules here; orders apply them through `checkOrderCoupon`. */
export const couponsFeature: Feature = {
  name: 'coupons',
  tables,
  routes: couponRoutes,
  seed: seedCoupons,
};
