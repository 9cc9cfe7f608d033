import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  categoryInputSchema,
  categoryListResponseSchema,
  categoryPatchSchema,
  categoryResponseSchema,
  downtimeInputSchema,
  downtimeListQuerySchema,
  downtimeListResponseSchema,
  downtimeResponseSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productMonthQuerySchema,
  productMonthResponseSchema,
  productPatchSchema,
  productResponseSchema,
  productUnitInputSchema,
  surfaceGridResponseSchema,
  surfaceInputSchema,
  surfaceListResponseSchema,
  surfacePatchSchema,
  surfaceResponseSchema,
  surfaceRulesInputSchema,
  surfaceRulesResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import { readUploadedFile } from '../../http/read-upload.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { availabilityOf, productMonth } from './availability.js';
import {
  findCategory,
  findDowntime,
  findProduct,
  listCategories,
  listDowntimes,
  listProducts,
  listSurfaces,
  productSurfaceRulesOf,
  surfaceGrid,
} from './queries.js';
import {
  addUnit,
  changeCategory,
  changeProduct,
  changeSurface,
  changeUnit,
  createCategory,
  createProduct,
  createSurface,
  deleteImage,
  endDowntime,
  openDowntime,
  readImage,
  setSurfaceRules,
  storeImage,
} from './service.js';

const tag = 'Inventory';
const read = { permission: 'product.read' } as const;
const write = { permission: 'product.write' } as const;
const productUnitPatchSchema = productUnitInputSchema.partial();

export function inventoryRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  // Every /api/products/:id route: the product of the active account, or a 404.
  async function productOf(c: Context<AppEnv>) {
    const id = c.req.param('id');
    const product = isUuid(id) ? await findProduct(db, accountOf(c), id) : null;
    if (!product) throw notFound('Product');
    return product;
  }
  const param = (c: Context<AppEnv>, name: string, what: string) => {
    const value = c.req.param(name);
    if (!isUuid(value)) throw notFound(what);
    return value;
  };

  return [
    {
      method: 'GET',
      path: '/api/products',
      access: read,
      summary: 'Search and page through products.',
      tag,
      query: productListQuerySchema,
      response: productListResponseSchema,
      async handler(c) {
        return c.json(await listProducts(db, accountOf(c), readQuery(c, productListQuerySchema)));
      },
    },
    {
      method: 'POST',
      path: '/api/products',
      access: write,
      // §13: one more product must be within the plan.
      plan: 'products',
      summary: 'Add a product (a bundle when it lists components).',
      tag,
      request: productInputSchema,
      response: productResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, productInputSchema);
        return c.json({ product: await createProduct(db, accountOf(c), input) }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/products/:id',
      access: read,
      summary: 'One product with its images, components, accessories and units.',
      tag,
      response: productResponseSchema,
      async handler(c) {
        return c.json({ product: await productOf(c) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/products/:id',
      access: write,
      summary: "Change a product's fields, or archive or restore it.",
      tag,
      request: productPatchSchema,
      response: productResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        const patch = await readJson(c, productPatchSchema);
        return c.json({ product: await changeProduct(db, accountOf(c), id, patch) });
      },
    },
    {
      method: 'POST',
      path: '/api/products/:id/images',
      access: write,
      summary: 'Upload an image (multipart "file": JPEG, PNG or WebP up to 10 MB), resized.',
      tag,
      response: productResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        await storeImage(db, accountOf(c), { productId: id }, await readUploadedFile(c));
        return c.json({ product: await productOf(c) });
      },
    },
    {
      method: 'DELETE',
      path: '/api/products/:id/images/:imageId',
      access: write,
      summary: "Remove one of a product's images.",
      tag,
      response: productResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        await deleteImage(db, accountOf(c), id, param(c, 'imageId', 'Image'));
        return c.json({ product: await productOf(c) });
      },
    },
    {
      method: 'GET',
      path: '/api/inventory-images/:id/:size',
      access: read,
      summary: 'A product or category image: `full` (up to 1600 px) or `thumbnail` (240 px).',
      tag,
      response: { kind: 'image', description: 'The image as WebP.' },
      async handler(c) {
        const size = c.req.param('size');
        if (size !== 'full' && size !== 'thumbnail') throw notFound('Image');
        const image = await readImage(db, accountOf(c), param(c, 'id', 'Image'), size);
        if (!image) throw notFound('Image');
        return c.body(new Uint8Array(image.bytes), 200, {
          'content-type': image.contentType,
          // Image ids never change content: a browser may keep them, privately.
          'cache-control': 'private, max-age=86400, immutable',
        });
      },
    },
    {
      method: 'POST',
      path: '/api/products/:id/units',
      access: write,
      summary: 'Add a unit to a serialized product.',
      tag,
      request: productUnitInputSchema,
      response: productResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        await addUnit(db, accountOf(c), id, await readJson(c, productUnitInputSchema));
        return c.json({ product: await productOf(c) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/products/:id/units/:unitId',
      access: write,
      summary: 'Rename a unit, change its serial, retire or restore it.',
      tag,
      request: productUnitPatchSchema,
      response: productResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        const patch = await readJson(c, productUnitPatchSchema);
        await changeUnit(db, accountOf(c), id, param(c, 'unitId', 'Unit'), patch);
        return c.json({ product: await productOf(c) });
      },
    },
    {
      method: 'GET',
      path: '/api/products/:id/availability',
      access: read,
      summary: "A month of a product's availability (free per day) and the orders holding it.",
      tag,
      query: productMonthQuerySchema,
      response: productMonthResponseSchema,
      async handler(c) {
        const product = await productOf(c);
        const { month } = readQuery(c, productMonthQuerySchema);
        return c.json(await productMonth(db, accountOf(c), product, month, clock()));
      },
    },
    {
      method: 'GET',
      path: '/api/products/:id/surfaces',
      access: read,
      summary: "A product's rules per setup surface.",
      tag,
      response: surfaceRulesResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        const rules = await productSurfaceRulesOf(db, accountOf(c), id);
        return c.json({ rules: rules.map((r) => r.rule) });
      },
    },
    {
      method: 'PUT',
      path: '/api/products/:id/surfaces',
      access: write,
      summary: "Replace a product's rules per setup surface.",
      tag,
      request: surfaceRulesInputSchema,
      response: surfaceRulesResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        const rules = await readJson(c, surfaceRulesInputSchema);
        await setSurfaceRules(db, accountOf(c), id, rules);
        const saved = await productSurfaceRulesOf(db, accountOf(c), id);
        return c.json({ rules: saved.map((r) => r.rule) });
      },
    },
    {
      method: 'GET',
      path: '/api/products/:id/downtimes',
      access: read,
      summary: "A product's downtimes (current ones unless include=all).",
      tag,
      query: downtimeListQuerySchema,
      response: downtimeListResponseSchema,
      async handler(c) {
        const { id } = await productOf(c);
        const { include } = readQuery(c, downtimeListQuerySchema);
        const list = await listDowntimes(db, accountOf(c), {
          productId: id,
          current: include === 'current',
          now: clock(),
        });
        return c.json({ downtimes: list });
      },
    },
    {
      method: 'POST',
      path: '/api/products/:id/downtimes',
      access: write,
      summary: 'Take a quantity or a unit out of service (hard) or flag it (soft).',
      tag,
      request: downtimeInputSchema,
      response: downtimeResponseSchema,
      status: 201,
      async handler(c) {
        const { id } = await productOf(c);
        const input = await readJson(c, downtimeInputSchema);
        return c.json({ downtime: await openDowntime(db, accountOf(c), id, input) }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/downtimes',
      access: read,
      summary:
        'The maintenance list: downtimes of every product (current ones unless include=all).',
      tag,
      query: downtimeListQuerySchema,
      response: downtimeListResponseSchema,
      async handler(c) {
        const { include } = readQuery(c, downtimeListQuerySchema);
        const list = await listDowntimes(db, accountOf(c), {
          current: include === 'current',
          now: clock(),
        });
        return c.json({ downtimes: list });
      },
    },
    {
      method: 'DELETE',
      path: '/api/downtimes/:id',
      access: write,
      summary: 'End a downtime now.',
      tag,
      response: downtimeResponseSchema,
      async handler(c) {
        const id = param(c, 'id', 'Downtime');
        if (!(await findDowntime(db, accountOf(c), id))) throw notFound('Downtime');
        return c.json({ downtime: await endDowntime(db, accountOf(c), id, clock()) });
      },
    },
    {
      method: 'GET',
      path: '/api/categories',
      access: read,
      summary: 'Every category, parents before children, in their order.',
      tag,
      response: categoryListResponseSchema,
      async handler(c) {
        return c.json({ categories: await listCategories(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/categories',
      access: write,
      summary: 'Add a category (last among its siblings).',
      tag,
      request: categoryInputSchema,
      response: categoryResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, categoryInputSchema);
        const id = await createCategory(db, accountOf(c), input);
        return c.json({ category: await findCategory(db, accountOf(c), id) }, 201);
      },
    },
    {
      method: 'PATCH',
      path: '/api/categories/:id',
      access: write,
      summary: 'Rename, move or reorder a category.',
      tag,
      request: categoryPatchSchema,
      response: categoryResponseSchema,
      async handler(c) {
        const id = param(c, 'id', 'Category');
        const patch = await readJson(c, categoryPatchSchema);
        await changeCategory(db, accountOf(c), id, patch);
        return c.json({ category: await findCategory(db, accountOf(c), id) });
      },
    },
    {
      method: 'POST',
      path: '/api/categories/:id/image',
      access: write,
      summary: 'Upload a category\'s image (multipart "file"), resized.',
      tag,
      response: categoryResponseSchema,
      async handler(c) {
        const id = param(c, 'id', 'Category');
        if (!(await findCategory(db, accountOf(c), id))) throw notFound('Category');
        await storeImage(db, accountOf(c), { categoryId: id }, await readUploadedFile(c));
        return c.json({ category: await findCategory(db, accountOf(c), id) });
      },
    },
    {
      method: 'GET',
      path: '/api/surfaces',
      access: read,
      summary: "The account's setup surfaces.",
      tag,
      response: surfaceListResponseSchema,
      async handler(c) {
        return c.json({ surfaces: await listSurfaces(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/surfaces',
      access: write,
      summary: 'Add a setup surface.',
      tag,
      request: surfaceInputSchema,
      response: surfaceResponseSchema,
      status: 201,
      async handler(c) {
        const id = await createSurface(db, accountOf(c), await readJson(c, surfaceInputSchema));
        const surface = (await listSurfaces(db, accountOf(c))).find((s) => s.id === id);
        return c.json({ surface }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/surfaces/rules',
      access: read,
      summary: 'The surface grid: every rental product with its rule per surface.',
      tag,
      response: surfaceGridResponseSchema,
      async handler(c) {
        return c.json(await surfaceGrid(db, accountOf(c)));
      },
    },
    {
      method: 'PATCH',
      path: '/api/surfaces/:id',
      access: write,
      summary: 'Change a setup surface.',
      tag,
      request: surfacePatchSchema,
      response: surfaceResponseSchema,
      async handler(c) {
        const id = param(c, 'id', 'Surface');
        await changeSurface(db, accountOf(c), id, await readJson(c, surfacePatchSchema));
        const surface = (await listSurfaces(db, accountOf(c))).find((s) => s.id === id);
        return c.json({ surface });
      },
    },
    {
      method: 'GET',
      path: '/api/availability',
      access: read,
      summary:
        'How many of each item a window can take (buffers and recovery included), and which orders hold them.',
      tag,
      query: availabilityQuerySchema,
      response: availabilityResponseSchema,
      async handler(c) {
        const query = readQuery(c, availabilityQuerySchema);
        return c.json(await availabilityOf(db, accountOf(c), query, clock()));
      },
    },
  ];
}
