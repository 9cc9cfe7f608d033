import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../auth/tables.js';

/**
 * back-office §13: the account's own Tentpole subscription as the processor (Stripe or the
 * payments sandbox) last told us: its Customer, subscription and default card. The plan itself
 * is `accounts.plan_level` (the session reads it); this row is what the Billing tab and the
 * read-only rule need beside it. Written only by syncing from the processor, so a webhook
 * delivered twice, late or out of order leaves it as the processor has it.
 */
export const accountBilling = pgTable(
  'account_billing',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    processorCustomerId: text('processor_customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    subscriptionTier: text('subscription_tier'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The tier the subscription turns into at the period's end (free: it is cancelled). */
    scheduledTier: text('scheduled_tier'),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_billing_customer_idx').on(t.processorCustomerId)],
);
