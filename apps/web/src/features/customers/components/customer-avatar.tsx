import { cn } from '@/lib/cn';
import { customerInitials } from '../lib/customer-name';

type CustomerAvatarProps = {
  customer: { firstName: string; lastName: string; banned: boolean };
  className?: string;
};

export function CustomerAvatar({ customer, className }: CustomerAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 shrink-0 place-items-center rounded-full text-xs font-semibold',
        customer.banned
          ? 'bg-destructive/10 text-destructive'
          : 'bg-brand-soft text-accent-foreground',
        className,
      )}
    >
      {customerInitials(customer)}
    </span>
  );
}
