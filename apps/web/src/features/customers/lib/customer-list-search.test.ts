import { describe, expect, it } from 'vitest';
import { CUSTOMER_LIST_DEFAULTS, customerListSearchSchema } from './customer-list-search';

describe('customer list search params', () => {
  it('defaults to the first page of 25 with no search', () => {
    expect(customerListSearchSchema.parse({})).toEqual({
      search: '',
      page: 1,
      pageSize: 25,
      order: 'asc',
    });
    expect(CUSTOMER_LIST_DEFAULTS).toEqual({ search: '', page: 1, pageSize: 25, order: 'asc' });
  });

  it('reads the search, trimmed, and the page numbers', () => {
    expect(customerListSearchSchema.parse({ search: ' smith ', page: 3, pageSize: 50 })).toEqual({
      search: 'smith',
      page: 3,
      pageSize: 50,
      order: 'asc',
    });
  });

  it.each([
    { why: 'a page that is not a number', input: { search: 'smith', page: 'two' } },
    { why: 'page 0', input: { search: 'smith', page: 0 } },
    { why: 'a page size over 100', input: { search: 'smith', pageSize: 500 } },
    { why: 'a page size that is an object', input: { search: 'smith', pageSize: { a: 1 } } },
  ])('falls back to the default for $why and keeps the rest', ({ input }) => {
    expect(customerListSearchSchema.parse(input)).toEqual({
      search: 'smith',
      page: 1,
      pageSize: 25,
      order: 'asc',
    });
  });

  it('falls back to no search for a search that is not text or is too long', () => {
    expect(customerListSearchSchema.parse({ search: 42 }).search).toBe('');
    expect(customerListSearchSchema.parse({ search: 'x'.repeat(201) }).search).toBe('');
  });

  it('reads a sort column and its direction, and drops a sort it does not know', () => {
    expect(customerListSearchSchema.parse({ sort: 'points', order: 'desc' })).toMatchObject({
      sort: 'points',
      order: 'desc',
    });
    expect(customerListSearchSchema.parse({ sort: 'age', order: 'up' })).toEqual({
      search: '',
      page: 1,
      pageSize: 25,
      sort: undefined,
      order: 'asc',
    });
  });
});
