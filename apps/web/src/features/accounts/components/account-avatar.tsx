import { cn } from '@/lib/cn';

type AccountAvatarProps = {
  name: string;
  logo: string | null;
  className?: string;
};

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** An account's logo, or its initials on the brand colour when it has none. */
export function AccountAvatar({ name, logo, className }: AccountAvatarProps) {
  const classes = cn('size-10 shrink-0 rounded-lg', className);
  if (logo) return <img src={logo} alt="" className={cn(classes, 'object-cover')} />;
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
