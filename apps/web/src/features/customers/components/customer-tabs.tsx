import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { CustomerOrder } from '@tentpole/domain';
import { CUSTOMER_TAB_LABELS, CUSTOMER_TABS, type CustomerTab } from '../lib/customer-tabs';
import { CustomerDocumentsTab } from './customer-documents-tab';
import { CustomerJourneyTab } from './customer-journey-tab';
import { CustomerOrdersTab } from './customer-orders-tab';
import { CustomerPhoneTab } from './customer-phone-tab';

type CustomerTabsProps = {
  customerId: string;
  tab: CustomerTab;
  onTabChange: (tab: CustomerTab) => void;
  orders: readonly CustomerOrder[] | undefined;
  ordersFailed: boolean;
};

function isCustomerTab(value: string): value is CustomerTab {
  return (CUSTOMER_TABS as readonly string[]).includes(value);
}

/**
 * spec §2: the orders, documents, phone and journey views. The open tab is in the URL; a tab's
 * data is fetched when it is first opened (only the open tab's panel is mounted).
 */
export function CustomerTabs({
  customerId,
  tab,
  onTabChange,
  orders,
  ordersFailed,
}: CustomerTabsProps) {
  return (
    <TabsPrimitive.Root
      value={tab}
      onValueChange={(value) => {
        if (isCustomerTab(value)) onTabChange(value);
      }}
      className="grid content-start gap-4"
    >
      <TabsPrimitive.List
        aria-label="Customer records"
        className="-mx-1 flex gap-1 overflow-x-auto border-b px-1"
      >
        {CUSTOMER_TABS.map((value) => (
          <TabsPrimitive.Trigger
            key={value}
            value={value}
            className="relative -mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:rounded-t-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset data-[state=active]:border-primary data-[state=active]:text-foreground"
          >
            {CUSTOMER_TAB_LABELS[value]}
            {value === 'orders' && orders && orders.length > 0 && (
              <span className="ml-1.5 rounded-full bg-muted px-1.5 py-0.5 text-xs tabular-nums">
                {orders.length}
              </span>
            )}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value="orders" className="outline-none">
        <CustomerOrdersTab orders={orders} isError={ordersFailed} />
      </TabsPrimitive.Content>
      <TabsPrimitive.Content value="documents" className="outline-none">
        <CustomerDocumentsTab customerId={customerId} />
      </TabsPrimitive.Content>
      <TabsPrimitive.Content value="phone" className="outline-none">
        <CustomerPhoneTab customerId={customerId} />
      </TabsPrimitive.Content>
      <TabsPrimitive.Content value="journey" className="outline-none">
        <CustomerJourneyTab customerId={customerId} />
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
