import { describe, expectTypeOf, it } from 'vitest';
import type { CustomerFormValues, CustomerInput, CustomerPatch } from './customer-schema';

// Checked by tsc: the parsed shapes the server stores and the form sends.
describe('customer schema types', () => {
  it('gives a created customer every field, with null for absent text', () => {
    expectTypeOf<CustomerInput>().toEqualTypeOf<{
      firstName: string;
      lastName: string;
      email: string;
      company: string | null;
      phoneNumber: string | null;
      internalNotes: string | null;
      reference: string | null;
      points: number;
      banned: boolean;
    }>();
  });

  it('lets the form leave optional fields out', () => {
    expectTypeOf<CustomerFormValues>().toEqualTypeOf<{
      firstName: string;
      lastName: string;
      email: string;
      company?: string | null | undefined;
      phoneNumber?: string | null | undefined;
      internalNotes?: string | null | undefined;
      reference?: string | null | undefined;
      points?: number | undefined;
      banned?: boolean | undefined;
    }>();
  });

  it('makes every patch field optional', () => {
    expectTypeOf<CustomerPatch>().toEqualTypeOf<{
      firstName?: string | undefined;
      lastName?: string | undefined;
      email?: string | undefined;
      company?: string | null | undefined;
      phoneNumber?: string | null | undefined;
      internalNotes?: string | null | undefined;
      reference?: string | null | undefined;
      points?: number | undefined;
      banned?: boolean | undefined;
    }>();
  });
});
