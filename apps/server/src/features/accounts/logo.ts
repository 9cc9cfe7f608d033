import { ACCOUNT_LOGO_SIZE } from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { encodeImage } from '../../images/encode-image.js';
import { accountLogos } from './tables.js';

/** Where a stored logo is served; the id is random and new with each upload. */
export const accountLogoPath = (id: string) => `/api/account-logos/${id}`;

/**
 * Decision 0055: an uploaded logo, through the product images' pipeline (turned upright, EXIF
 * dropped, WebP), fitted within ACCOUNT_LOGO_SIZE px. The account's one row takes the new bytes
 * and a new id in the same statement, so the old bytes are gone as the new ones land, and two
 * uploads at once leave one logo. Answers the logo's new address.
 */
export async function uploadAccountLogo(db: Db, accountId: string, file: File): Promise<string> {
  const { logo } = await encodeImage(file, {
    logo: { size: ACCOUNT_LOGO_SIZE, fit: 'inside', quality: 90 },
  });
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(accountLogos)
      .values({ accountId, contentType: 'image/webp', bytes: logo })
      .onConflictDoUpdate({
        target: accountLogos.accountId,
        set: {
          id: sql`gen_random_uuid()`,
          contentType: sql`excluded.content_type`,
          bytes: sql`excluded.bytes`,
          createdAt: sql`now()`,
        },
      })
      .returning({ id: accountLogos.id });
    const address = accountLogoPath(row?.id as string);
    await tx.update(accounts).set({ logo: address }).where(eq(accounts.id, accountId));
    return address;
  });
}

/** "Remove logo": the stored bytes and the address (an uploaded one, or one typed before). */
export async function removeAccountLogo(db: Db, accountId: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.delete(accountLogos).where(eq(accountLogos.accountId, accountId));
    await tx.update(accounts).set({ logo: null }).where(eq(accounts.id, accountId));
  });
}

/** A stored logo by its id, for anyone: the id is the secret (it is random, 122 bits). */
export async function readAccountLogo(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: accountLogos.contentType, bytes: accountLogos.bytes })
    .from(accountLogos)
    .where(eq(accountLogos.id, id));
  return row ?? null;
}
