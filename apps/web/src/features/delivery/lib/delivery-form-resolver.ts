import { toNestErrors } from '@hookform/resolvers';
import { type DeliverySettings, deliverySettingsSchema } from '@tentpole/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  type DeliveryFormValues,
  deliveryFormField,
  deliveryInputOf,
} from './delivery-form-values';

/**
 * Checks the form with the domain's settings schema (the server's own check) and puts each
 * problem on the field that shows it; a line of the ZIP list that cannot be read is one too.
 */
export const deliveryFormResolver: Resolver<DeliveryFormValues, unknown, DeliverySettings> = (
  values,
  _context,
  options,
) => {
  const { input, zipErrors } = deliveryInputOf(values);
  const result = deliverySettingsSchema.safeParse(input);
  const errors: Record<string, FieldError> = {};
  if (zipErrors[0]) errors.zipList = { type: 'custom', message: zipErrors[0] };
  if (result.success && !errors.zipList) return { values: result.data, errors: {} };
  for (const issue of result.success ? [] : result.error.issues) {
    const field = deliveryFormField(issue.path.join('.'));
    if (field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
