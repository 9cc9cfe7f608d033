import { toNestErrors } from '@hookform/resolvers';
import { productInputSchema } from '@tentpole/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  type ParsedProductInput,
  type ProductFormValues,
  productFormField,
  productInputOf,
} from './product-form-values';

/**
 * Checks the form with the domain's product schema (the server's own check), and puts each
 * problem on the field that shows it: 'pricing.tiers.0.amount' on tier 1's amount.
 */
export const productFormResolver: Resolver<ProductFormValues, unknown, ParsedProductInput> = (
  values,
  _context,
  options,
) => {
  const result = productInputSchema.safeParse(productInputOf(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const field = productFormField(issue.path.join('.'));
    if (!field || field in errors) continue;
    // An empty number box reaches the schema as NaN; zod's own words for it are for developers.
    const message =
      issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')
        ? 'Enter a number'
        : issue.message;
    errors[field] = { type: issue.code, message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
