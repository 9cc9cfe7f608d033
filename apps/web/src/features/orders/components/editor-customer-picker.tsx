import {
  EMAIL_REQUIRED_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  formatPhone,
  LAST_NAME_REQUIRED_MESSAGE,
} from '@tentpole/domain';
import { UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useCreateCustomer, useCustomerSearch } from '../api/order-editor-api';

type Picked = { id: string; name: string };

/** §4 order editor: the customer, searched by name, e-mail or phone, or created here. */
export function EditorCustomerPicker({
  value,
  onChange,
  error,
}: {
  value: Picked | null;
  onChange: (customer: Picked | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const results = useCustomerSearch(search);
  const ids = { search: useId(), list: useId(), error: useId() };
  if (value)
    return (
      <div className="grid gap-2">
        <span className="text-sm font-medium">Customer</span>
        <div className="flex min-w-0 items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2">
          <span className="min-w-0 flex-1 font-medium wrap-anywhere">{value.name}</span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Change
          </Button>
        </div>
      </div>
    );
  if (creating)
    return (
      <NewCustomer
        onCancel={() => setCreating(false)}
        onCreated={(customer) => {
          setCreating(false);
          onChange(customer);
        }}
      />
    );
  const found = search.trim() ? (results.data?.customers ?? []) : [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.search}>Customer</Label>
      <Input
        id={ids.search}
        type="search"
        autoComplete="off"
        placeholder="Search by name, e-mail or phone"
        value={search}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        aria-controls={ids.list}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error && (
        <p id={ids.error} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <ul id={ids.list} aria-label="Matching customers" className="grid gap-1">
        {found.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="flex w-full min-w-0 flex-wrap items-baseline gap-x-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => onChange({ id: c.id, name: `${c.firstName} ${c.lastName}` })}
            >
              <span className="font-medium wrap-anywhere">
                {c.firstName} {c.lastName}
              </span>
              <span className="text-muted-foreground wrap-anywhere">
                {[c.email, c.phoneNumber ? formatPhone(c.phoneNumber) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {search.trim() && results.data && found.length === 0 && (
        <p className="text-sm text-muted-foreground">No customer matches “{search.trim()}”.</p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" />
          New customer
        </Button>
      </div>
    </div>
  );
}

/** A customer made inline: the spec's required fields (First Name, Last Name, Email), a phone. */
function NewCustomer({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (customer: Picked) => void;
}) {
  const create = useCreateCustomer();
  const [fields, setFields] = useState({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const field = (name: keyof typeof fields, label: string, type = 'text', optional = false) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${name}`}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      <Input
        id={`${id}-${name}`}
        type={type}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setFields((f) => ({ ...f, [name]: event.target.value }))}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!fields.firstName.trim()) missing.firstName = FIRST_NAME_REQUIRED_MESSAGE;
    if (!fields.lastName.trim()) missing.lastName = LAST_NAME_REQUIRED_MESSAGE;
    if (!fields.email.trim()) missing.email = EMAIL_REQUIRED_MESSAGE;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim(),
        phoneNumber: fields.phone.trim() || null,
      },
      {
        onSuccess: ({ customer }) =>
          onCreated({ id: customer.id, name: `${customer.firstName} ${customer.lastName}` }),
        onError: (error) => {
          const server = error instanceof ApiError ? error.body?.error.fields : undefined;
          setErrors({
            firstName: server?.firstName?.[0] ?? '',
            lastName: server?.lastName?.[0] ?? '',
            email: server?.email?.[0] ?? '',
            phone: server?.phoneNumber?.[0] ?? (server ? '' : error.message),
          });
        },
      },
    );
  };
  return (
    // Not a <form>: it sits inside the order's form; Enter in a field adds the customer.
    <fieldset
      className="grid gap-3 rounded-lg border p-3"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <legend className="px-1 text-sm font-medium">New customer</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('firstName', 'First Name')}
        {field('lastName', 'Last Name')}
        {field('email', 'Email', 'email')}
        {field('phone', 'Phone', 'tel', true)}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={create.isPending} onClick={submit}>
          Add customer
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Back to search
        </Button>
      </div>
    </fieldset>
  );
}
