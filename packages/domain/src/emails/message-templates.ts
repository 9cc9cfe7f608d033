import type { MessageTemplate } from './render-message';

/**
 * back-office spec §8: the account's templates. Each ships with this text and can be edited
 * (and reset to it), never deleted: documents, automations and staff's "send" all name them.
 */
export const TEMPLATE_KEYS = [
  'quote',
  'contract',
  'invoice',
  'receipt',
  'order_confirmed',
  'deposit_received',
  'quote_follow_up',
  'balance_due',
  'event_reminder',
  'delivery_window',
  'pickup_reminder',
  'thank_you',
  'rebook',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const DEFAULT_TEMPLATES: Readonly<Record<TemplateKey, MessageTemplate & { name: string }>> =
  {
    quote: {
      name: 'Quote',
      subject: 'Your quote from {{business.name}}: order #{{order.number}}',
      body: `Hi {{customer.firstName}},

Here is your quote for {{order.eventDate}}:
{{order.items}}

Total: {{order.total}}

See it, sign and book online: {{order.link}}

{{business.name}}`,
    },
    contract: {
      name: 'Contract to sign',
      subject: 'Please sign your rental agreement for order #{{order.number}}',
      body: `Hi {{customer.firstName}},

Your rental agreement for {{order.eventDate}} is ready. Please read and sign it here: {{order.link}}

{{business.name}}`,
    },
    invoice: {
      name: 'Invoice',
      subject: 'Invoice for order #{{order.number}}: {{order.balance}} due',
      body: `Hi {{customer.firstName}},

Your invoice for order #{{order.number}} ({{order.eventDate}}):
{{order.items}}

Total: {{order.total}}
Paid: {{order.paid}}
Balance due: {{order.balance}}

See the invoice and pay online: {{order.payLink}}

{{business.name}}`,
    },
    receipt: {
      name: 'Payment receipt',
      subject: 'Receipt for order #{{order.number}}',
      body: `Hi {{customer.firstName}},

Thank you for your payment. For order #{{order.number}} you have paid {{order.paid}} of {{order.total}}; the balance is {{order.balance}}.

Your order: {{order.link}}

{{business.name}}`,
    },
    order_confirmed: {
      name: 'Order confirmed',
      subject: 'Your booking for {{order.eventDate}} is reserved (order #{{order.number}})',
      body: `Hi {{customer.firstName}},

Thank you for booking with {{business.name}}! We have reserved for {{order.eventStart}}:
{{order.items}}

Total: {{order.total}}

Your order, its agreement and payments are all here: {{order.link}}

{{business.name}}`,
    },
    deposit_received: {
      name: 'Deposit received',
      subject: 'Deposit received: order #{{order.number}} is confirmed',
      body: `Hi {{customer.firstName}},

We received your deposit and your booking for {{order.eventDate}} is confirmed. The balance of {{order.balance}} is due before the event.

Your order: {{order.link}}

{{business.name}}`,
    },
    quote_follow_up: {
      name: 'Quote follow-up',
      subject: 'Still planning for {{order.eventDate}}?',
      body: `Hi {{customer.firstName}},

We sent you a quote for {{order.eventDate}} and wanted to check in. Nothing is reserved until you book, so dates can fill up. Book online here: {{order.link}}

Questions? Reply to this e-mail or call {{business.phone}}.

{{business.name}}`,
    },
    balance_due: {
      name: 'Balance due',
      subject: 'Balance of {{order.balance}} due for order #{{order.number}}',
      body: `Hi {{customer.firstName}},

Your event on {{order.eventDate}} is coming up. The balance of {{order.balance}} is due before it; you can pay online: {{order.payLink}}

{{business.name}}`,
    },
    event_reminder: {
      name: 'Reminder before the event',
      subject: 'See you on {{order.eventDate}}!',
      body: `Hi {{customer.firstName}},

A reminder that your rental is on {{order.eventStart}}:
{{order.items}}

Your order: {{order.link}}

{{business.name}}`,
    },
    delivery_window: {
      name: 'Delivery window',
      subject: 'Your delivery tomorrow: {{order.deliveryWindow}}',
      body: `Hi {{customer.firstName}}, {{business.name}} here: we deliver your rental {{order.deliveryWindow}} to {{order.address}}. Please make sure the setup area is clear. Questions: {{business.phone}}`,
    },
    pickup_reminder: {
      name: 'Pickup reminder',
      subject: 'We pick up your rental: {{order.pickupWindow}}',
      body: `Hi {{customer.firstName}}, {{business.name}} here: we pick up your rental {{order.pickupWindow}}. Please keep the items dry and the area clear. Thank you!`,
    },
    thank_you: {
      name: 'Thank-you and review request',
      subject: 'Thank you from {{business.name}}',
      body: `Hi {{customer.firstName}},

Thank you for renting with us for your event on {{order.eventDate}}! If everything went well, a short review helps a small business a lot: {{business.reviewLink}}

{{business.name}}`,
    },
    rebook: {
      name: 'Rebook a year later',
      subject: 'Planning this year’s party, {{customer.firstName}}?',
      body: `Hi {{customer.firstName}},

Last year you celebrated with us on {{order.eventDate}}. If you are planning again, book early to get the date you want: reply to this e-mail or call {{business.phone}}.

{{business.name}}`,
    },
  };

export function isTemplateKey(key: string): key is TemplateKey {
  return (TEMPLATE_KEYS as readonly string[]).includes(key);
}
