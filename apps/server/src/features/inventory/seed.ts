import { DAY_MS, insertInBatches } from '../../db/seeding.js';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { INVENTORIES, type SeedInventory } from './seed-data.js';
import { slugify } from './service.js';
import {
  categories,
  downtimes,
  productAccessories,
  productComponents,
  productSurfaceRules,
  products,
  productUnits,
  surfaces,
} from './tables.js';

const CM_PER_FOOT = 30.48;
/** The catalogue was entered well before the oldest demo order (18 months back). */
const CATALOGUED_DAYS_AGO = 730;

/**
 * The demo inventories: categories, products with their units, bundles and accessories,
 * surfaces and their rules, and a couple of downtimes. Rows are written directly, a statement
 * per table, with ids made here so that links need no read back (the seed builds every test
 * run's template, so it stays fast).
 */
export async function seedInventory({ db, now }: SeedContext): Promise<void> {
  for (const inventory of INVENTORIES) {
    await seedOne(db, await accountIdByName(db, inventory.account), inventory, now);
  }
}

async function seedOne(
  db: SeedContext['db'],
  accountId: string,
  inventory: SeedInventory,
  now: Date,
) {
  const createdAt = new Date(now.getTime() - CATALOGUED_DAYS_AGO * DAY_MS);
  const idOf = (kind: string, names: readonly string[]) => {
    const ids = new Map(names.map((name) => [name, crypto.randomUUID()]));
    return (name: string) => {
      const id = ids.get(name);
      if (!id) throw new Error(`seed: ${inventory.account} has no ${kind} named ${name}`);
      return id;
    };
  };
  const categoryId = idOf(
    'category',
    inventory.categories.map((c) => c.name),
  );
  const productId = idOf(
    'product',
    inventory.products.map((p) => p.name),
  );
  const surfaceId = idOf(
    'surface',
    inventory.surfaces.map((s) => s.name),
  );

  // Parents before children: one statement checks its own foreign keys at its end.
  await insertInBatches(
    db,
    categories,
    inventory.categories.map((c, position) => ({
      id: categoryId(c.name),
      accountId,
      parentId: c.parent ? categoryId(c.parent) : null,
      name: c.name,
      slug: slugify(c.name),
      description: c.description,
      position,
      createdAt,
    })),
  );
  await insertInBatches(
    db,
    surfaces,
    inventory.surfaces.map((s, position) => ({
      id: surfaceId(s.name),
      accountId,
      ...s,
      position,
      createdAt,
    })),
  );

  const unitRows: (typeof productUnits.$inferInsert)[] = [];
  const componentRows: (typeof productComponents.$inferInsert)[] = [];
  const accessoryRows: (typeof productAccessories.$inferInsert)[] = [];
  const ruleRows: (typeof productSurfaceRules.$inferInsert)[] = [];
  const productRows = inventory.products.map((p) => {
    const id = productId(p.name);
    for (const name of p.units ?? [])
      unitRows.push({ id: crypto.randomUUID(), accountId, productId: id, name, createdAt });
    for (const [position, c] of (p.components ?? []).entries())
      componentRows.push({
        accountId,
        bundleId: id,
        productId: productId(c.product),
        quantity: c.quantity,
        position,
      });
    for (const [position, a] of (p.accessories ?? []).entries())
      accessoryRows.push({
        accountId,
        productId: id,
        accessoryId: productId(a.product),
        quantity: a.quantity,
        required: a.required,
        position,
      });
    for (const [surface, rule] of Object.entries(p.surfaceRules ?? {}))
      ruleRows.push({
        accountId,
        productId: id,
        surfaceId: surfaceId(surface),
        allowed: rule.allowed,
        components: (rule.components ?? []).map((c) => ({
          productId: productId(c.product),
          quantity: c.quantity,
          per: c.per,
        })),
        fee: rule.fee ?? null,
        crewNotes: rule.crewNotes ?? null,
      });
    const [length, width, height] = p.feet ?? [];
    const cm = (feet: number | undefined) =>
      feet === undefined ? null : Math.round(feet * CM_PER_FOOT);
    return {
      id,
      accountId,
      categoryId: categoryId(p.category),
      name: p.name,
      slug: slugify(p.name),
      description: p.description,
      type: p.type ?? 'rental',
      tracking: p.units ? ('serialized' as const) : ('bulk' as const),
      // A serialized product counts its units; a bundle holds nothing of its own.
      quantity: p.units ? p.units.length : (p.quantity ?? 0),
      pricing: p.pricing,
      taxable: p.taxable ?? true,
      securityDepositCents: p.securityDeposit ?? 0,
      bufferBeforeMinutes: p.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: p.bufferAfterMinutes ?? 0,
      recoveryMinutes: p.recoveryMinutes ?? 0,
      dimensions: p.feet
        ? { lengthCm: cm(length), widthCm: cm(width), heightCm: cm(height) }
        : null,
      powerNeeds: p.powerNeeds ?? null,
      capacity: p.capacity ?? null,
      anchorPoints: p.anchorPoints ?? 0,
      setupMinutes: p.setupMinutes ?? 0,
      crewSize: p.crewSize ?? 1,
      showInStore: p.showInStore ?? true,
      createdAt,
    };
  });
  await insertInBatches(db, products, productRows);
  await insertInBatches(db, productUnits, unitRows);
  await insertInBatches(db, productComponents, componentRows);
  await insertInBatches(db, productAccessories, accessoryRows);
  await insertInBatches(db, productSurfaceRules, ruleRows);

  const unitId = (product: string, unit: string) => {
    const row = unitRows.find((u) => u.productId === productId(product) && u.name === unit);
    if (!row?.id) throw new Error(`seed: ${product} has no unit named ${unit}`);
    return row.id;
  };
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await insertInBatches(
    db,
    downtimes,
    inventory.downtimes.map((d) => ({
      accountId,
      productId: productId(d.product),
      unitId: d.unit ? unitId(d.product, d.unit) : null,
      quantity: d.quantity,
      reason: d.reason,
      from: at(d.fromDays),
      until: d.untilDays === null ? null : at(d.untilDays),
      hard: d.hard,
      note: d.note,
      createdAt: at(d.fromDays),
    })),
  );
}
