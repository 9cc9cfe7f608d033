import { type CustomerInput, type CustomerPatch, formatMoney } from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { accountMoneyFormat } from '../accounts/queries.js';
import type { JourneySource } from '../feature.js';
import {
  findDuplicates,
  insertCustomer,
  journeyRows,
  lockPhoneNumber,
  updateCustomer,
} from './queries.js';

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

/** Whether a save may give a customer a phone number another customer already has. */
export type SaveOptions = { sharePhoneNumber?: boolean | undefined };

/**
 * Saves a customer unless another one of the account has the same e-mail, or the same phone
 * number when sharing it was not asked for (a family or a company shares one number: decision
 * 0062). The e-mail's unique index is the last word on e-mails; a number is no longer unique, so
 * the check and the save of a number run under a lock on that number: two saves racing with one
 * number cannot both pass without `sharePhoneNumber`.
 */
async function withoutDuplicates<T>(
  db: Db,
  accountId: string,
  fields: CustomerPatch,
  exceptId: string | undefined,
  { sharePhoneNumber = false }: SaveOptions,
  save: (tx: Db) => Promise<T>,
): Promise<T> {
  const checked = sharePhoneNumber ? { email: fields.email } : fields;
  const saveChecked = async (tx: Db) => {
    if (fields.phoneNumber) await lockPhoneNumber(tx, accountId, fields.phoneNumber);
    const [existing] = await findDuplicates(tx, accountId, checked, exceptId);
    if (existing) throw duplicateError(existing, fields.email);
    return save(tx);
  };
  try {
    return fields.phoneNumber
      ? await db.transaction((tx) => saveChecked(tx))
      : await saveChecked(db);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone else saved the same e-mail a moment ago.
    const [raced] = await findDuplicates(db, accountId, checked, exceptId);
    if (raced) throw duplicateError(raced, fields.email);
    throw error;
  }
}

export function createCustomer(
  db: Db,
  accountId: string,
  input: CustomerInput,
  options: SaveOptions = {},
) {
  return withoutDuplicates(db, accountId, input, undefined, options, (tx) =>
    insertCustomer(tx, accountId, input),
  );
}

export function changeCustomer(
  db: Db,
  accountId: string,
  id: string,
  patch: CustomerPatch,
  options: SaveOptions = {},
) {
  return withoutDuplicates(db, accountId, patch, id, options, async (tx) => {
    const customer = await updateCustomer(tx, accountId, id, patch);
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
  const [rows, { currency, locale }] = await Promise.all([
    journeyRows(db, accountId, customerId, sources),
    accountMoneyFormat(db, accountId),
  ]);
  const withAmount = (text: string, cents: number | null) =>
    cents === null ? text : text.replaceAll('{amount}', formatMoney(cents, currency, locale));
  return rows.map(({ amountCents, ...row }) => ({
    ...row,
    title: withAmount(row.title, amountCents),
    detail: row.detail === null ? null : withAmount(row.detail, amountCents),
  }));
}
