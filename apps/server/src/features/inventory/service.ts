import type {
  categoryInputSchema,
  categoryPatchSchema,
  downtimeInputSchema,
  productInputSchema,
  productPatchSchema,
  productUnitInputSchema,
  SurfaceRule,
  surfaceInputSchema,
  surfacePatchSchema,
} from '@tentpole/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { encodeImage } from '../../images/encode-image.js';
import { holdPlanRoom } from '../billing/queries.js';
import { existingProductIds, findDowntime, findProduct, listSurfaces } from './queries.js';
import {
  categories,
  downtimes,
  inventoryImages,
  productAccessories,
  productComponents,
  productSurfaceRules,
  products,
  productUnits,
  surfaces,
} from './tables.js';

type ProductInput = z.output<typeof productInputSchema>;
type ProductPatch = z.output<typeof productPatchSchema>;

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'item';
}

/** A slug free in the table for the account: name, name-2, name-3, … */
async function freeSlug(
  db: Db,
  table: 'products' | 'categories',
  accountId: string,
  name: string,
  exceptId?: string,
) {
  const base = slugify(name);
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from ${sql.identifier(table)} where account_id = ${accountId}
      and (slug = ${base} or slug like ${`${base}-%`})
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function checkCategory(db: Db, accountId: string, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.accountId, accountId), eq(categories.id, categoryId)));
  if (!row) throw invalid({ categoryId: ['Unknown category'] });
}

/**
 * Components and accessories must be the account's other products, and a bundle may not
 * contain itself however deep (availability would never end).
 */
async function checkLinks(
  db: Db,
  accountId: string,
  productId: string | null,
  components: ProductInput['components'],
  accessories: ProductInput['accessories'],
) {
  const ids = [...components.map((c) => c.productId), ...accessories.map((a) => a.productId)];
  const known = await existingProductIds(db, accountId, ids);
  const fields: Record<string, string[]> = {};
  components.forEach((c, i) => {
    if (!known.has(c.productId)) fields[`components.${i}.productId`] = ['Unknown product'];
    else if (c.productId === productId)
      fields[`components.${i}.productId`] = ['A bundle cannot contain itself'];
  });
  accessories.forEach((a, i) => {
    if (!known.has(a.productId)) fields[`accessories.${i}.productId`] = ['Unknown product'];
    else if (a.productId === productId)
      fields[`accessories.${i}.productId`] = ['A product cannot be its own accessory'];
  });
  if (new Set(components.map((c) => c.productId)).size !== components.length)
    fields.components = ['List each product once'];
  if (new Set(accessories.map((a) => a.productId)).size !== accessories.length)
    fields.accessories = ['List each product once'];
  if (Object.keys(fields).length > 0) throw invalid(fields);
  if (!productId || ids.length === 0) return;
  // Does any linked product reach back to this one?
  const [cycle] = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive reach(id, depth) as (
        select unnest(array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]), 1
        union
        select link.child, reach.depth + 1 from reach join (
          select bundle_id as parent, product_id as child from product_components where account_id = ${accountId}
          union all
          select product_id, accessory_id from product_accessories where account_id = ${accountId} and required
        ) link on link.parent = reach.id where reach.depth < 8)
      select exists (select 1 from reach where id = ${productId}) as found`,
  );
  if (cycle?.found) throw invalid({ components: ['This would put the product inside itself'] });
}

async function writeLinks(
  db: Db,
  accountId: string,
  productId: string,
  components: ProductInput['components'] | undefined,
  accessories: ProductInput['accessories'] | undefined,
) {
  if (components) {
    await db.delete(productComponents).where(eq(productComponents.bundleId, productId));
    if (components.length > 0)
      await db
        .insert(productComponents)
        .values(
          components.map((c, position) => ({ accountId, bundleId: productId, ...c, position })),
        );
  }
  if (accessories) {
    await db.delete(productAccessories).where(eq(productAccessories.productId, productId));
    if (accessories.length > 0)
      await db.insert(productAccessories).values(
        accessories.map((a, position) => ({
          accountId,
          productId,
          accessoryId: a.productId,
          quantity: a.quantity,
          required: a.required,
          position,
        })),
      );
  }
}

function columnsOf<T extends Partial<ProductInput>>(input: T) {
  const { components: _c, accessories: _a, securityDeposit, ...rest } = input;
  return {
    ...rest,
    ...(securityDeposit !== undefined ? { securityDepositCents: securityDeposit } : {}),
  };
}

export async function createProduct(db: Db, accountId: string, input: ProductInput) {
  await checkCategory(db, accountId, input.categoryId);
  await checkLinks(db, accountId, null, input.components, input.accessories);
  const id = await db.transaction(async (tx) => {
    await holdPlanRoom(tx, accountId, 'products', new Date());
    const slug = await freeSlug(tx as unknown as Db, 'products', accountId, input.name);
    const [row] = await tx
      .insert(products)
      .values({ accountId, slug, ...columnsOf(input) })
      .returning({ id: products.id });
    const productId = row?.id as string;
    await writeLinks(
      tx as unknown as Db,
      accountId,
      productId,
      input.components,
      input.accessories,
    );
    return productId;
  });
  return (await findProduct(db, accountId, id)) as NonNullable<
    Awaited<ReturnType<typeof findProduct>>
  >;
}

export async function changeProduct(db: Db, accountId: string, id: string, patch: ProductPatch) {
  const current = await findProduct(db, accountId, id);
  if (!current) throw notFound('Product');
  if (patch.categoryId !== undefined) await checkCategory(db, accountId, patch.categoryId);
  if (patch.components || patch.accessories)
    await checkLinks(
      db,
      accountId,
      id,
      patch.components ??
        current.components.map((c) => ({ productId: c.id, quantity: c.quantity })),
      patch.accessories ??
        current.accessories.map((a) => ({
          productId: a.id,
          quantity: a.quantity,
          required: a.required,
        })),
    );
  await db.transaction(async (tx) => {
    // A change of stock (quantity, tracking) takes the product's lock like a booking does.
    await tx.execute(sql`select id from products where id = ${id} for update`);
    // A retired product brought back takes a place in the plan again.
    if (patch.status === 'active' && current.status !== 'active')
      await holdPlanRoom(tx, accountId, 'products', new Date());
    const columns = columnsOf(patch);
    const slug =
      patch.name && patch.name !== current.name
        ? await freeSlug(tx as unknown as Db, 'products', accountId, patch.name, id)
        : undefined;
    if (Object.keys(columns).length > 0 || slug)
      await tx
        .update(products)
        .set({ ...columns, ...(slug ? { slug } : {}) })
        .where(and(eq(products.accountId, accountId), eq(products.id, id)));
    await writeLinks(tx as unknown as Db, accountId, id, patch.components, patch.accessories);
  });
  return (await findProduct(db, accountId, id)) as NonNullable<
    Awaited<ReturnType<typeof findProduct>>
  >;
}

// Units of a serialized product.
export async function addUnit(
  db: Db,
  accountId: string,
  productId: string,
  input: z.output<typeof productUnitInputSchema>,
) {
  await db.insert(productUnits).values({ accountId, productId, ...input });
}

export async function changeUnit(
  db: Db,
  accountId: string,
  productId: string,
  unitId: string,
  patch: Partial<z.output<typeof productUnitInputSchema>>,
) {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from products where id = ${productId} for update`);
    return tx
      .update(productUnits)
      .set(patch)
      .where(
        and(
          eq(productUnits.accountId, accountId),
          eq(productUnits.productId, productId),
          eq(productUnits.id, unitId),
        ),
      )
      .returning({ id: productUnits.id });
  });
  if (rows.length === 0) throw notFound('Unit');
}

// Images: resized on upload (the platform's image pipeline), kept in the database.
export async function storeImage(
  db: Db,
  accountId: string,
  owner: { productId: string } | { categoryId: string },
  file: File,
) {
  const { full, thumbnail } = await encodeImage(file, {
    full: { size: 1600, fit: 'inside', quality: 82 },
    thumbnail: { size: 240, fit: 'cover', quality: 75 },
  });
  const [row] = await db
    .insert(inventoryImages)
    .values({
      accountId,
      ...owner,
      contentType: 'image/webp',
      full,
      thumbnail,
      position: sql`coalesce((select max(position) + 1 from inventory_images where account_id = ${accountId}
        and ${'productId' in owner ? sql`product_id = ${owner.productId}` : sql`category_id = ${owner.categoryId}`}), 0)`,
    })
    .returning({ id: inventoryImages.id });
  return row?.id as string;
}

export async function deleteImage(db: Db, accountId: string, productId: string, imageId: string) {
  const rows = await db
    .delete(inventoryImages)
    .where(
      and(
        eq(inventoryImages.accountId, accountId),
        eq(inventoryImages.productId, productId),
        eq(inventoryImages.id, imageId),
      ),
    )
    .returning({ id: inventoryImages.id });
  if (rows.length === 0) throw notFound('Image');
}

export async function readImage(
  db: Db,
  accountId: string,
  imageId: string,
  size: 'full' | 'thumbnail',
) {
  const [row] = await db
    .select({
      contentType: inventoryImages.contentType,
      bytes: size === 'full' ? inventoryImages.full : inventoryImages.thumbnail,
    })
    .from(inventoryImages)
    .where(and(eq(inventoryImages.accountId, accountId), eq(inventoryImages.id, imageId)));
  return row ?? null;
}

// Categories.
export async function createCategory(
  db: Db,
  accountId: string,
  input: z.output<typeof categoryInputSchema>,
) {
  await checkCategory(db, accountId, input.parentId);
  const slug = await freeSlug(db, 'categories', accountId, input.name);
  const [row] = await db
    .insert(categories)
    .values({
      accountId,
      slug,
      ...input,
      position: sql`coalesce((select max(position) + 1 from categories where account_id = ${accountId}
        and parent_id is not distinct from ${input.parentId}::uuid), 0)`,
    })
    .returning({ id: categories.id });
  return row?.id as string;
}

export async function changeCategory(
  db: Db,
  accountId: string,
  id: string,
  patch: z.output<typeof categoryPatchSchema>,
) {
  const { position, ...fields } = patch;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [current] = await t
      .select({ parentId: categories.parentId, name: categories.name })
      .from(categories)
      .where(and(eq(categories.accountId, accountId), eq(categories.id, id)))
      .for('update');
    if (!current) throw notFound('Category');
    if (fields.parentId) {
      await checkCategory(t, accountId, fields.parentId);
      const [loop] = await queryRows<{ found: boolean }>(
        t,
        sql`with recursive up(id, parent_id) as (
            select id, parent_id from categories where id = ${fields.parentId}
            union select c.id, c.parent_id from categories c join up on c.id = up.parent_id)
          select exists (select 1 from up where id = ${id}) as found`,
      );
      if (loop?.found) throw invalid({ parentId: ['A category cannot be inside itself'] });
    }
    const slug =
      fields.name && fields.name !== current.name
        ? await freeSlug(t, 'categories', accountId, fields.name, id)
        : undefined;
    if (Object.keys(fields).length > 0 || slug)
      await t
        .update(categories)
        .set({ ...fields, ...(slug ? { slug } : {}) })
        .where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
    if (position !== undefined) {
      // Renumber the siblings with this one at its new place.
      const parentId = fields.parentId !== undefined ? fields.parentId : current.parentId;
      const siblings = await t
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.accountId, accountId),
            parentId ? eq(categories.parentId, parentId) : sql`${categories.parentId} is null`,
            ne(categories.id, id),
          ),
        )
        .orderBy(asc(categories.position), asc(categories.name));
      const order = siblings.map((s) => s.id);
      order.splice(Math.min(position, order.length), 0, id);
      for (const [index, siblingId] of order.entries())
        await t.update(categories).set({ position: index }).where(eq(categories.id, siblingId));
    }
  });
}

// Surfaces and the rules of a product on each.
export async function createSurface(
  db: Db,
  accountId: string,
  input: z.output<typeof surfaceInputSchema>,
) {
  try {
    const [row] = await db
      .insert(surfaces)
      .values({
        accountId,
        ...input,
        position: sql`coalesce((select max(position) + 1 from surfaces where account_id = ${accountId}), 0)`,
      })
      .returning({ id: surfaces.id });
    return row?.id as string;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: ['A surface with this name exists'] });
    throw error;
  }
}

export async function changeSurface(
  db: Db,
  accountId: string,
  id: string,
  patch: z.output<typeof surfacePatchSchema>,
) {
  try {
    const rows = await db
      .update(surfaces)
      .set(patch)
      .where(and(eq(surfaces.accountId, accountId), eq(surfaces.id, id)))
      .returning({ id: surfaces.id });
    if (rows.length === 0) throw notFound('Surface');
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ name: ['A surface with this name exists'] });
    throw error;
  }
}

export async function setSurfaceRules(
  db: Db,
  accountId: string,
  productId: string,
  rules: SurfaceRule[],
) {
  const surfaceIds = new Set((await listSurfaces(db, accountId)).map((s) => s.id));
  const componentIds = rules.flatMap((r) => r.components.map((c) => c.productId));
  const known = await existingProductIds(db, accountId, componentIds);
  const fields: Record<string, string[]> = {};
  rules.forEach((rule, i) => {
    if (!surfaceIds.has(rule.surfaceId)) fields[`${i}.surfaceId`] = ['Unknown surface'];
    rule.components.forEach((c, j) => {
      if (!known.has(c.productId)) fields[`${i}.components.${j}.productId`] = ['Unknown product'];
      else if (c.productId === productId)
        fields[`${i}.components.${j}.productId`] = ['A product cannot be its own component'];
    });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  await db.transaction(async (tx) => {
    await tx
      .delete(productSurfaceRules)
      .where(
        and(
          eq(productSurfaceRules.accountId, accountId),
          eq(productSurfaceRules.productId, productId),
        ),
      );
    if (rules.length > 0)
      await tx.insert(productSurfaceRules).values(
        rules.map((rule) => ({
          accountId,
          productId,
          surfaceId: rule.surfaceId,
          allowed: rule.allowed,
          components: rule.components,
          fee: rule.fee,
          crewNotes: rule.crewNotes,
        })),
      );
  });
}

// Maintenance.
export async function openDowntime(
  db: Db,
  accountId: string,
  productId: string,
  input: z.output<typeof downtimeInputSchema>,
) {
  const id = await db.transaction(async (tx) => {
    // Taking stock away waits for any booking of this product in flight, like another booking.
    await tx.execute(sql`select id from products where id = ${productId} for update`);
    if (input.unitId) {
      const [unit] = await tx
        .select({ id: productUnits.id })
        .from(productUnits)
        .where(
          and(
            eq(productUnits.accountId, accountId),
            eq(productUnits.productId, productId),
            eq(productUnits.id, input.unitId),
          ),
        );
      if (!unit) throw invalid({ unitId: ['Unknown unit'] });
    }
    const [row] = await tx
      .insert(downtimes)
      .values({
        accountId,
        productId,
        unitId: input.unitId,
        quantity: input.unitId ? 1 : input.quantity,
        reason: input.reason,
        from: new Date(input.from),
        until: input.until ? new Date(input.until) : null,
        hard: input.hard,
        note: input.note,
      })
      .returning({ id: downtimes.id });
    return row?.id as string;
  });
  return findDowntime(db, accountId, id);
}

/** Ends a downtime now (one that has not started yet is ended where it starts). */
export async function endDowntime(db: Db, accountId: string, id: string, now: Date) {
  const rows = await db
    .update(downtimes)
    .set({
      until: sql`greatest(${downtimes.from}, least(coalesce(${downtimes.until}, ${now}), ${now}))`,
    })
    .where(and(eq(downtimes.accountId, accountId), eq(downtimes.id, id)))
    .returning({ id: downtimes.id });
  if (rows.length === 0) throw notFound('Downtime');
  return findDowntime(db, accountId, id);
}
