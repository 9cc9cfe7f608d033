import { isDialDigits } from '@tentpole/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
export const DIAL_DIGITS_HINT = 'Use only 0-9, *, # and w (a pause).';

/** Sends key presses to the call as tones (spec §5 dial digits: 0-9, *, # and w only). */
export function DialPad({ onDigits }: { onDigits: (digits: string) => boolean }) {
  const [sent, setSent] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { typed: useId(), error: useId() };

  function send(digits: string) {
    if (onDigits(digits)) setSent((current) => `${current}${digits}`.slice(-24));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDialDigits(typed)) {
      setError(DIAL_DIGITS_HINT);
      return;
    }
    setError(null);
    send(typed);
    setTyped('');
  }

  return (
    <div className="grid gap-3">
      <output
        aria-label="Tones sent"
        className="block h-7 truncate rounded-md bg-muted px-2 text-center font-mono text-lg tracking-widest"
      >
        {sent}
      </output>
      <fieldset className="m-0 grid min-w-0 grid-cols-3 gap-2 border-0 p-0">
        <legend className="sr-only">Keypad</legend>
        {KEYS.map((key) => (
          <Button
            key={key}
            type="button"
            variant="outline"
            className="h-11 font-mono text-lg"
            onClick={() => send(key)}
          >
            {key}
          </Button>
        ))}
      </fieldset>
      <form className="flex gap-2" onSubmit={submit} noValidate>
        <Input
          id={ids.typed}
          aria-label="Digits to send"
          placeholder="e.g. 1w23#"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="font-mono"
        />
        <Button type="submit" variant="secondary">
          Send
        </Button>
      </form>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
