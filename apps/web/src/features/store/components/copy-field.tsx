import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A value to copy into another place (a DNS record, the embed line): read-only, with Copy. */
export function CopyField({
  label,
  value,
  copied,
}: {
  label: string;
  value: string;
  /** What the toast says once copied. */
  copied: string;
}) {
  const id = useId();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(value)
      .then(() => toast.success(copied))
      .catch(() => toast.error('Copying was refused: select the text and copy it.'));
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy} aria-label={`Copy ${label}`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
