import { customerInputSchema, type WebsiteContact } from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Limit } from '../../http/rate-limit.js';
import { addJourneyEvent, customerIdByEmail, insertCustomer } from '../customers/queries.js';
import { queueEmail } from '../emails/queries.js';
import { activeMembersWho } from '../staff/queries.js';
import { esc } from '../store/index.js';

/** The customer's lead source (the customer's "Reference" field) for a contact form's lead. */
export const CONTACT_REFERENCE = 'Website contact form';

/** Messages from one address to one store: a shopper writes once or twice, a script hundreds. */
export const CONTACTS_PER_ADDRESS: Limit = {
  name: 'website-contacts-per-address',
  max: 5,
  windowMs: 60 * 60_000,
  message: 'You sent several messages already. Try again in an hour, or call us.',
};

/** "Ana María López" → Ana María / López; one word is the first name. */
function splitName(name: string) {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: name.trim(), lastName: '(not given)' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) as string };
}

/** The e-mail each member who handles orders gets about a contact form message. */
export function contactStaffEmail(parts: {
  storeName: string;
  contact: WebsiteContact;
  customerUrl: string;
}) {
  const { contact } = parts;
  const who = `${contact.name} <${contact.email}>${contact.phone ? `, ${contact.phone}` : ''}`;
  const text = [
    `${who} wrote to ${parts.storeName} through the website's contact form:`,
    contact.message,
    `See the customer: ${parts.customerUrl}`,
  ].join('\n\n');
  return {
    subject: `Website message from ${contact.name}`.slice(0, 200),
    html: `<!doctype html><html><body style="margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917"><div style="max-width:36rem;margin:0 auto;padding:1.5rem 1rem"><p>${esc(`${who} wrote to ${parts.storeName} through the website's contact form:`)}</p><blockquote style="white-space:pre-line;margin:0;padding:.75rem;border-left:4px solid #d6d3d1">${esc(contact.message)}</blockquote><p><a href="${esc(parts.customerUrl)}">See the customer</a></p></div></body></html>`,
    text,
  };
}

/**
 * A contact form message becomes a lead (§10): the customer with this e-mail, else a new one
 * whose reference is the contact form; the message on their journey; an e-mail to each active
 * member who handles orders (through the outbox, in the same transaction as the note).
 */
export async function receiveContact(
  db: Db,
  shop: { accountId: string; name: string },
  contact: WebsiteContact,
  deps: { appUrl: string; now: Date },
) {
  const { accountId } = shop;
  const parsed = customerInputSchema.safeParse({
    ...splitName(contact.name),
    email: contact.email,
    phoneNumber: contact.phone || null,
    reference: CONTACT_REFERENCE,
  });
  if (!parsed.success)
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      phone: ['Enter a valid phone number'],
    });
  let customerId = await customerIdByEmail(db, accountId, contact.email);
  if (!customerId) {
    try {
      customerId = (await insertCustomer(db, accountId, parsed.data)).id;
    } catch (error) {
      // Two messages with one e-mail at once: the other made the customer.
      customerId = await customerIdByEmail(db, accountId, contact.email);
      if (!customerId) throw error;
    }
  }
  const id = customerId;
  const email = contactStaffEmail({
    storeName: shop.name,
    contact,
    customerUrl: `${deps.appUrl.replace(/\/$/, '')}/customers/${id}`,
  });
  await db.transaction(async (tx) => {
    await addJourneyEvent(tx, accountId, id, {
      kind: 'note',
      title: 'Message from the website contact form',
      detail: [contact.message, contact.phone ? `Phone: ${contact.phone}` : '']
        .filter(Boolean)
        .join('\n\n'),
      occurredAt: deps.now,
    });
    for (const member of await activeMembersWho(tx, accountId, 'order.write'))
      await queueEmail(tx, {
        accountId,
        kind: 'staff_website_contact',
        to: member.email,
        ...email,
      });
  });
  return id;
}
