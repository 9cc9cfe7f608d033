import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import {
  type Customer,
  type CustomerFormValues,
  type CustomerInput,
  customerInputSchema,
  formatPhone,
} from '@tentpole/domain';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CustomerSaveError, type ExistingCustomer } from '../api/send-customer';

type FieldName = FieldPath<CustomerFormValues>;

type CustomerFormProps = {
  /** The customer being edited; a new customer's form starts empty. */
  customer?: Customer;
  /** A new customer's phone number, known already (from a text or call), E.164. */
  initialPhoneNumber?: string;
  submitLabel: string;
  /**
   * Saves the parsed values; `changed` names the fields the user changed. `sharePhoneNumber`:
   * the user confirmed that another customer's number is this one's too (decision 0062).
   */
  onSubmit: (
    values: CustomerInput,
    changed: FieldName[],
    options: { sharePhoneNumber: boolean },
  ) => Promise<unknown>;
  onCancel?: () => void;
};

const SAVE_FAILED_MESSAGE = 'The customer could not be saved. Please try again.';
const FORBIDDEN_MESSAGE = 'You do not have permission to change customers.';
const POINTS_MESSAGE = 'Points must be a whole number, 0 or more.';

function formValuesOf(
  customer: Customer | undefined,
  initialPhoneNumber?: string,
): CustomerFormValues {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
    // Shown as people write it; the schema stores it normalised again on save.
    phoneNumber: formatPhone(customer?.phoneNumber ?? initialPhoneNumber),
    company: customer?.company ?? '',
    reference: customer?.reference ?? '',
    internalNotes: customer?.internalNotes ?? '',
    points: customer?.points ?? 0,
    banned: customer?.banned ?? false,
  };
}

function isFieldName(name: string): name is FieldName {
  return Object.hasOwn(customerInputSchema.shape, name);
}

/**
 * The customer form (spec §3 fields, §5 rules): validated with the domain's customer schema,
 * so the messages are the spec's ('First Name is a required field', 'Invalid phone number'). The
 * server's answer is shown on the fields it names; a conflict links to the customer who
 * already has the e-mail address or phone number.
 */
export function CustomerForm({
  customer,
  initialPhoneNumber,
  submitLabel,
  onSubmit,
  onCancel,
}: CustomerFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<CustomerFormValues, unknown, CustomerInput>({
    resolver: zodResolver(customerInputSchema),
    defaultValues: formValuesOf(customer, initialPhoneNumber),
  });
  const [conflict, setConflict] = useState<{
    field: FieldName;
    existing: ExistingCustomer;
  } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorId = useId();

  const submitWith = (sharePhoneNumber: boolean) =>
    handleSubmit(async (values) => {
      setConflict(null);
      setFormError(null);
      const changed = (Object.keys(dirtyFields) as string[]).filter(isFieldName);
      await save(values, changed, sharePhoneNumber);
    });
  const submit = submitWith(false);

  async function save(values: CustomerInput, changed: FieldName[], sharePhoneNumber: boolean) {
    try {
      await onSubmit(values, changed, { sharePhoneNumber });
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        setError,
        (key) => (isFieldName(key) ? key : null),
        { shouldFocus: true },
      );
      if (named.length > 0) {
        const [firstField] = named;
        if (error instanceof CustomerSaveError && error.existingCustomer && firstField) {
          setConflict({ field: firstField, existing: error.existingCustomer });
        }
        return;
      }
      setFormError(
        error instanceof CustomerSaveError && error.status === 403
          ? FORBIDDEN_MESSAGE
          : SAVE_FAILED_MESSAGE,
      );
    }
  }

  function messageFor(name: FieldName): ReactNode {
    const message = errors[name]?.message;
    if (!message) return null;
    const text = name === 'points' && errors.points?.type !== 'server' ? POINTS_MESSAGE : message;
    return (
      <>
        {text}
        {conflict?.field === name && errors[name]?.type === 'server' && (
          <>
            {' '}
            <Link
              to="/customers/$customerId"
              params={{ customerId: conflict.existing.id }}
              className="font-medium underline underline-offset-4"
            >
              Open {conflict.existing.name}
            </Link>
          </>
        )}
        {/* A family or a company shares one number: saving it again is a choice (decision 0062). */}
        {name === 'phoneNumber' && conflict?.field === name && errors[name]?.type === 'server' && (
          <button
            type="button"
            className="mt-1 block text-left font-medium underline underline-offset-4"
            onClick={() => void submitWith(true)()}
          >
            They share this number: save anyway
          </button>
        )}
      </>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-describedby={formError ? formErrorId : undefined}
      className="grid gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="off"
          error={messageFor('firstName')}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="off"
          error={messageFor('lastName')}
          {...register('lastName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={messageFor('email')}
          {...register('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="off"
          optional
          placeholder="(555) 010-0123"
          error={messageFor('phoneNumber')}
          {...register('phoneNumber')}
        />
        <TextField
          label="Company"
          autoComplete="off"
          optional
          error={messageFor('company')}
          {...register('company')}
        />
        <TextField
          label="Reference"
          autoComplete="off"
          optional
          description="Your own code for this customer, such as a PO or account number."
          error={messageFor('reference')}
          {...register('reference')}
        />
        <TextField
          label="Points"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={messageFor('points')}
          {...register('points', {
            // An empty box means no points given: the schema's default (0) applies.
            setValueAs: (value: unknown) =>
              value === '' || value === undefined ? undefined : Number(value),
          })}
        />
      </div>
      <TextareaField
        label="Internal Notes"
        optional
        description="Only your team sees these."
        error={messageFor('internalNotes')}
        {...register('internalNotes')}
      />
      <label className="flex items-start gap-3 rounded-lg border p-3 has-[:checked]:border-destructive/40 has-[:checked]:bg-destructive/5">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-[var(--destructive)]"
          {...register('banned')}
        />
        <span className="grid gap-0.5">
          <span className="text-sm font-medium leading-none">Banned</span>
          <span className="text-sm text-muted-foreground">
            Marks this customer as banned on every screen, so your team knows not to book them.
          </span>
        </span>
      </label>
      {formError && (
        <p id={formErrorId} role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
