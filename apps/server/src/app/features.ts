import { accountsFeature } from '../features/accounts/index.js';
import { authFeature } from '../features/auth/index.js';
import { billingFeature } from '../features/billing/index.js';
import { couponsFeature } from '../features/coupons/index.js';
import { customersFeature } from '../features/customers/index.js';
import { dashboardFeature } from '../features/dashboard/index.js';
import { deliveryFeature } from '../features/delivery/index.js';
import { emailsFeature } from '../features/emails/index.js';
import { eventsFeature } from '../features/events/index.js';
import type { Feature } from '../features/feature.js';
import { inventoryFeature } from '../features/inventory/index.js';
import { linksFeature } from '../features/links/index.js';
import { monitoringFeature } from '../features/monitoring/index.js';
import { ordersFeature } from '../features/orders/index.js';
import { passwordResetFeature } from '../features/password-reset/index.js';
import { paymentsFeature } from '../features/payments/index.js';
import { phoneFeature } from '../features/phone/index.js';
import { reportsFeature } from '../features/reports/index.js';
import { scheduleFeature } from '../features/schedule/index.js';
import { signupFeature } from '../features/signup/index.js';
import { staffFeature } from '../features/staff/index.js';
import { storeFeature } from '../features/store/index.js';
import { weatherFeature } from '../features/weather/index.js';
import { websiteFeature } from '../features/website/index.js';

/**
 * The app's features, composed: routes, jobs, demo data (seeded in this order, so a feature
 * may read what an earlier one made), tables and journey sources. Adding a feature is one line.
 */
export const FEATURES: readonly Feature[] = [
  authFeature,
  accountsFeature,
  dashboardFeature,
  customersFeature,
  inventoryFeature,
  couponsFeature,
  scheduleFeature,
  ordersFeature,
  // After orders: its demo history is the recent parties' routes.
  deliveryFeature,
  paymentsFeature,
  emailsFeature,
  reportsFeature,
  storeFeature,
  linksFeature,
  phoneFeature,
  eventsFeature,
  monitoringFeature,
  staffFeature,
  signupFeature,
  passwordResetFeature,
  weatherFeature,
  websiteFeature,
  billingFeature,
];
