import {
  type Customer,
  customerConflictErrorSchema,
  customerResponseSchema,
  type ExistingCustomer,
  errorBodySchema,
} from '@tentpole/domain';
import { ApiError } from '@/lib/api-client';

export type { ExistingCustomer };

/** An ApiError from saving a customer; on a conflict it names the customer already holding the value. */
export class CustomerSaveError extends ApiError {
  constructor(
    status: number,
    body: ConstructorParameters<typeof ApiError>[1],
    readonly existingCustomer: ExistingCustomer | null,
  ) {
    super(status, body);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** POSTs or PATCHes a customer and returns the saved customer; throws CustomerSaveError. */
export async function sendCustomer(
  path: string,
  method: 'POST' | 'PATCH',
  payload: unknown,
): Promise<Customer> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = await readJson(response);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    // A 409 names the customer already holding the value; the error body schema drops it.
    const conflict = customerConflictErrorSchema.safeParse(body);
    throw new CustomerSaveError(
      response.status,
      error.success ? error.data : null,
      conflict.success ? conflict.data.error.existingCustomer : null,
    );
  }
  return customerResponseSchema.parse(body).customer;
}
