import { type CustomerInput, type CustomerPatch, formatMoney } from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { accountCurrency } from '../accounts/queries.js';
import type { JourneySource } from '../feature.js';
import { findDuplicates, insertCustomer, journeyRows, updateCustomer } from './queries.js';

type Duplicate = Awaited<ReturnType<typeof findDuplicates>>[number];

/** 409 naming the customer who already has this e-mail or phone number. */
function duplicateError(existing: Duplicate, email: string | undefined) {
  const name = `${existing.firstName} ${existing.lastName}`;
  const field =
    email && existing.email.toLowerCase() === email.toLowerCase() ? 'email' : 'phoneNumber';
  const what = field === 'email' ? 'e-mail address' : 'phone number';
  return new AppError(
    'conflict',
    `${name} already has this ${what}.`,
    { [field]: [`${name} already has this ${what}.`] },
    { existingCustomer: { id: existing.id, name } },
  );
}

/**
 * Saves a customer unless another one of the account has the same e-mail or phone number. The
 * unique index is the last word: a save that races another one still gets the 409.
 */
async function withoutDuplicates<T>(
  db: Db,
  accountId: string,
  fields: CustomerPatch,
  exceptId: string | undefined,
  save: () => Promise<T>,
): Promise<T> {
  const [existing] = await findDuplicates(db, accountId, fields, exceptId);
  if (existing) throw duplicateError(existing, fields.email);
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone else saved the same e-mail or number a moment ago.
    const [raced] = await findDuplicates(db, accountId, fields, exceptId);
    if (raced) throw duplicateError(raced, fields.email);
    throw error;
  }
}

export function createCustomer(db: Db, accountId: string, input: CustomerInput) {
  return withoutDuplicates(db, accountId, input, undefined, () =>
    insertCustomer(db, accountId, input),
  );
}

export function changeCustomer(db: Db, accountId: string, id: string, patch: CustomerPatch) {
  return withoutDuplicates(db, accountId, patch, id, async () => {
    const customer = await updateCustomer(db, accountId, id, patch);
    if (!customer) throw notFound('Customer');
    return customer;
  });
}

/** The journey, its amounts written in the account's currency. */
export async function customerJourney(
  db: Db,
  accountId: string,
  customerId: string,
  sources: readonly JourneySource[],
) {
  const [rows, currency] = await Promise.all([
    journeyRows(db, accountId, customerId, sources),
    accountCurrency(db, accountId),
  ]);
  const withAmount = (text: string, cents: number | null) =>
    cents === null ? text : text.replaceAll('{amount}', formatMoney(cents, currency));
  return rows.map(({ amountCents, ...row }) => ({
    ...row,
    title: withAmount(row.title, amountCents),
    detail: row.detail === null ? null : withAmount(row.detail, amountCents),
  }));
}
