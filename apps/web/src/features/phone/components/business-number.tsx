import { formatPhone } from '@tentpole/domain';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The number customers call and text, with a button that copies it (as +1…, what a phone or a
 * website form takes). Staff looked for it and could not find it (issue 15).
 */
export function BusinessNumber({ number, className }: { number: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <p className="text-sm text-muted-foreground">
        Business number{' '}
        <a
          href={`tel:${number}`}
          data-testid="business-number"
          className="font-semibold text-foreground tabular-nums underline-offset-4 hover:underline"
        >
          {formatPhone(number)}
        </a>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void copy()}
        aria-label={copied ? 'Business number copied' : 'Copy business number'}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <span className="sr-only" role="status">
        {copied ? 'Copied the business number.' : ''}
      </span>
    </div>
  );
}
