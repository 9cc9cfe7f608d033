import type { Customer } from '@tentpole/domain';
import { toast } from 'sonner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { pickChanged } from '@/lib/pick-changed';
import { useUpdateCustomer } from '../api/update-customer';
import { customerName } from '../lib/customer-name';
import { CustomerForm } from './customer-form';

type EditCustomerDialogProps = {
  customer: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

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
            onSubmit={async (values, changed, { sharePhoneNumber }) => {
              if (changed.length > 0) {
                const saved = await update.mutateAsync({
                  id: customer.id,
                  patch: pickChanged(values, changed),
                  sharePhoneNumber,
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
