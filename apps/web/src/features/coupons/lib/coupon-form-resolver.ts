import { toNestErrors } from '@hookform/resolvers';
import { type CouponInputParsed, couponInputSchema } from '@tentpole/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import { type CouponFormValues, couponFormField, couponInputOf } from './coupon-form-values';

/**
 * Checks the form with the domain's coupon schema (the server's own check) and puts each
 * problem on the field that shows it: 'percentBps' on the percent box, 'validUntil' on the dates.
 */
export const couponFormResolver: Resolver<CouponFormValues, unknown, CouponInputParsed> = (
  values,
  _context,
  options,
) => {
  const result = couponInputSchema.safeParse(couponInputOf(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const field = couponFormField(issue.path.join('.'));
    if (!field || field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
