import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema.js';

// The fields a customer response carries (never the row as it is).
export const customerFields = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  company: customers.company,
  email: customers.email,
  phoneNumber: customers.phoneNumber,
  internalNotes: customers.internalNotes,
  points: customers.points,
  banned: customers.banned,
  reference: customers.reference,
  createdAt: customers.createdAt,
};

export async function findCustomer(db: Db, accountId: string, customerId: string) {
  const [row] = await db
    .select(customerFields)
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}
