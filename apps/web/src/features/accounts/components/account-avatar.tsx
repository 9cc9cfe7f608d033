import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';

type AccountAvatarProps = {
  name: string;
  logo: string | null;
  className?: string;
};

/** An account's logo, or its initials on the brand colour when it has none. */
export function AccountAvatar({ name, logo, className }: AccountAvatarProps) {
  const classes = cn('size-10 shrink-0 rounded-lg', className);
  if (logo)
    return <img src={logo} alt="" className={cn(classes, 'bg-background object-contain')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(
        classes,
        'grid place-items-center bg-primary/10 text-sm font-semibold text-primary-ink',
      )}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
