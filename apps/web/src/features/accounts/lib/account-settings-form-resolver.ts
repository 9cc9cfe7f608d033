import { toNestErrors } from '@hookform/resolvers';
import { type AccountSettings, accountSettingsSchema } from '@tentpole/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  type AccountSettingsFormValues,
  accountSettingsFormField,
  accountSettingsInputOf,
} from './account-settings-form-values';

/**
 * Checks the form with the domain's account settings schema (the server's own check) and puts
 * each problem on the field that shows it: 'orders.taxRateBps' on the tax rate box.
 */
export const accountSettingsFormResolver: Resolver<
  AccountSettingsFormValues,
  unknown,
  AccountSettings
> = (values, _context, options) => {
  const result = accountSettingsSchema.safeParse(accountSettingsInputOf(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const field = accountSettingsFormField(issue.path.join('.'));
    if (!field || field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
