import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

// shadcn's field pattern: the parts of a form field, laid out and named by data-slot, with no
// form state of their own (components/form/ wires them to react-hook-form).

export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid content-start gap-2', className)} {...props} />;
}

export function FieldContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field-content" className={cn('grid gap-1', className)} {...props} />;
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof Label>) {
  return <Label data-slot="field-label" className={className} {...props} />;
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-description"
      className={cn('text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-error"
      className={cn('text-sm text-destructive [overflow-wrap:anywhere]', className)}
      {...props}
    />
  );
}

export function FieldSet({ className, ...props }: ComponentProps<'fieldset'>) {
  return (
    <fieldset
      data-slot="field-set"
      className={cn('m-0 grid min-w-0 gap-2 border-0 p-0', className)}
      {...props}
    />
  );
}

export function FieldLegend({ className, ...props }: ComponentProps<'legend'>) {
  return (
    <legend
      data-slot="field-legend"
      className={cn('mb-2 text-sm font-medium', className)}
      {...props}
    />
  );
}
