import {
  couponInputSchema,
  couponListResponseSchema,
  couponPatchSchema,
  couponResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { findCoupon, listCoupons } from './queries.js';
import { createCoupon, updateCoupon } from './service.js';

const tag = 'Coupons';
const read = { permission: 'coupons.read' } as const;
const write = { permission: 'coupons.write' } as const;

/** back-office spec §9 and the API appendix: GET/POST /api/coupons, PATCH /api/coupons/{id}. */
export function couponRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Coupon');
    return id;
  };
  return [
    {
      method: 'GET',
      path: '/api/coupons',
      access: read,
      summary: "The account's coupons, newest first, with their uses, discount given and revenue.",
      tag,
      response: couponListResponseSchema,
      async handler(c) {
        return c.json({ coupons: await listCoupons(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/coupons',
      access: write,
      summary: 'A new coupon; its code is unique in the account whatever its case.',
      tag,
      request: couponInputSchema,
      response: couponResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, couponInputSchema);
        return c.json(await createCoupon(db, accountOf(c), input, clock()), 201);
      },
    },
    {
      method: 'GET',
      path: '/api/coupons/:id',
      access: read,
      summary: 'One coupon with its uses, discount given and revenue.',
      tag,
      response: couponResponseSchema,
      async handler(c) {
        const coupon = await findCoupon(db, accountOf(c), idOf(c));
        if (!coupon) throw notFound('Coupon');
        return c.json(coupon);
      },
    },
    {
      method: 'PATCH',
      path: '/api/coupons/:id',
      access: write,
      summary:
        'Changes a coupon; orders that already used it keep the rules they were priced with.',
      tag,
      request: couponPatchSchema,
      response: couponResponseSchema,
      async handler(c) {
        const id = idOf(c);
        const patch = await readJson(c, couponPatchSchema);
        return c.json(await updateCoupon(db, accountOf(c), id, patch, clock()));
      },
    },
  ];
}
