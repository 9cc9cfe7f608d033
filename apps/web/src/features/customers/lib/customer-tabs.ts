import { z } from 'zod';

/** spec §2 Customer area: the detail view's orders, documents, phone and journey views. */
export const CUSTOMER_TABS = ['orders', 'documents', 'phone', 'journey'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];
export const DEFAULT_CUSTOMER_TAB: CustomerTab = 'orders';

export const CUSTOMER_TAB_LABELS: Record<CustomerTab, string> = {
  orders: 'Orders',
  documents: 'Documents',
  phone: 'Phone',
  journey: 'Journey',
};

/** The detail page's URL search params; an unknown tab shows the first. */
export const customerDetailSearchSchema = z.object({
  tab: z.enum(CUSTOMER_TABS).default(DEFAULT_CUSTOMER_TAB).catch(DEFAULT_CUSTOMER_TAB),
});
