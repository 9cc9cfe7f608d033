import { describe, expect, it } from 'vitest';
import { CUSTOMER_PAGE_SIZE, customerListQuerySchema } from './customer-api-schemas';

describe('customerListQuerySchema', () => {
  it('defaults to the first page of 25 with no search', () => {
    expect(customerListQuerySchema.parse({})).toEqual({
      search: '',
      page: 1,
      pageSize: CUSTOMER_PAGE_SIZE,
      order: 'asc',
    });
  });

  it('reads numbers from the query string and trims the search', () => {
    expect(customerListQuerySchema.parse({ search: ' smith ', page: '3', pageSize: '50' })).toEqual(
      {
        search: 'smith',
        page: 3,
        pageSize: 50,
        order: 'asc',
      },
    );
  });

  it('reads a sort column and its direction', () => {
    expect(customerListQuerySchema.parse({ sort: 'lastOrder', order: 'desc' })).toMatchObject({
      sort: 'lastOrder',
      order: 'desc',
    });
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ pageSize: '101' }, 'pageSize'],
    [{ search: 'x'.repeat(201) }, 'search'],
    [{ sort: 'createdAt' }, 'sort'],
    [{ sort: 'name', order: 'up' }, 'order'],
  ])('rejects %j on %s', (query, field) => {
    const result = customerListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
