import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const segmentVariants = cva(
  [
    'inline-flex items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    'aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm',
  ],
  {
    variants: {
      size: {
        sm: 'py-1',
        default: 'py-1.5',
        lg: 'py-2',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export type SegmentedControlOption<Value extends string> = {
  value: Value;
  /** The button's text; may carry more, such as a count with a screen-reader-only suffix. */
  label: ReactNode;
};

type SegmentedControlProps<Value extends string> = VariantProps<typeof segmentVariants> & {
  /** Names the group for screen readers; not shown. */
  legend: string;
  options: readonly SegmentedControlOption<Value>[];
  /** The pressed option's value; when it matches none (a search, say), none is pressed. */
  value: string;
  onChange: (value: Value) => void;
  /** Classes for the group itself, for its layout where it sits. */
  className?: string;
};

/** A row of pressed/not-pressed buttons choosing one of a few options, such as a list's filter. */
export function SegmentedControl<Value extends string>({
  legend,
  options,
  value,
  onChange,
  size,
  className,
}: SegmentedControlProps<Value>) {
  return (
    <fieldset
      data-slot="segmented-control"
      className={cn('m-0 inline-flex rounded-lg border-0 bg-muted p-1', className)}
    >
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={segmentVariants({ size })}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
