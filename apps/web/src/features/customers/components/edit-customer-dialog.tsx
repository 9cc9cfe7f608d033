import type { Customer, CustomerInput, CustomerPatch } from '@tentpole/domain';
import { toast } from 'sonner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useUpdateCustomer } from '../api/update-customer';
import { customerName } from '../lib/customer-name';
import { CustomerForm } from './customer-form';

type EditCustomerDialogProps = {
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The parsed values of the changed fields only: a PATCH sends only what changed. */
function patchOf(values: CustomerInput, changed: readonly (keyof CustomerInput)[]): CustomerPatch {
  return Object.fromEntries(changed.map((field) => [field, values[field]]));
}

export function EditCustomerDialog({ customer, open, onOpenChange }: EditCustomerDialogProps) {
  const update = useUpdateCustomer();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit Customer</DialogTitle>
          <DialogDescription>{customerName(customer)}</DialogDescription>
        </DialogHeader>
        {/* Remounted on each opening, so the form starts from the saved customer. */}
        {open && (
          <CustomerForm
            customer={customer}
            submitLabel="Save Changes"
            onCancel={() => onOpenChange(false)}
            onSubmit={async (values, changed) => {
              if (changed.length > 0) {
                const saved = await update.mutateAsync({
                  id: customer.id,
                  patch: patchOf(values, changed),
                });
                toast.success(`${customerName(saved)} saved.`);
              }
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
