import { cn } from '@/lib/cn';

type TentpoleWordmarkProps = {
  className?: string;
};

/** The Tentpole logo: a tent mark beside the product name. */
export function TentpoleWordmark({ className }: TentpoleWordmarkProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg
        viewBox="0 0 32 32"
        aria-hidden="true"
        className="size-9 shrink-0 rounded-lg bg-primary text-primary-foreground shadow-sm"
      >
        <path
          d="M16 7 6.5 24h19L16 7Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.25"
          strokeLinejoin="round"
        />
        <path
          d="M16 7v17m-3.25 0L16 16.5l3.25 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.25"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl font-semibold tracking-tight text-foreground">Tentpole</span>
    </span>
  );
}
