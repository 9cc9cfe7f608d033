import { toNestErrors } from '@hookform/resolvers';
import {
  type BlackoutInputParsed,
  blackoutInputSchema,
  type Schedule,
  scheduleInputSchema,
} from '@tentpole/domain';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  type BlackoutFormValues,
  blackoutFormField,
  blackoutInputOf,
} from './blackout-form-values';
import { type ScheduleFormValues, scheduleInputOf } from './schedule-form-values';

/** Checks the schedule with the domain's schema, the server's own check, field by field. */
export const scheduleFormResolver: Resolver<ScheduleFormValues, unknown, Schedule> = (
  values,
  _context,
  options,
) => {
  const result = scheduleInputSchema.safeParse(scheduleInputOf(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    // The form's fields have the schema's paths.
    const field = issue.path.join('.');
    if (field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};

/** Checks a blackout with the domain's schema, each problem on the field that shows it. */
export const blackoutFormResolver: Resolver<BlackoutFormValues, unknown, BlackoutInputParsed> = (
  values,
  _context,
  options,
) => {
  const errors: Record<string, FieldError> = {};
  if (values.repeats === 'weekly' && values.weekdays.length === 0)
    errors.weekdays = { type: 'custom', message: 'Choose at least one day' };
  const result = blackoutInputSchema.safeParse(blackoutInputOf(values));
  if (result.success && Object.keys(errors).length === 0)
    return { values: result.data, errors: {} };
  for (const issue of result.success ? [] : result.error.issues) {
    let field = blackoutFormField(issue.path.join('.'));
    if (field === 'repeats' && values.repeats === 'custom') field = 'customRule';
    if (field === 'repeats' && values.repeats === 'weekly') continue;
    if (field === 'scope' && issue.path[0] === 'targetIds')
      field = values.scope === 'category' ? 'categoryIds' : 'productIds';
    if (!field || field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
