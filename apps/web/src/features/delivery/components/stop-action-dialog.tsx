import { type DriverStop, PROBLEM_REASON_LABELS, PROBLEM_REASONS } from '@tentpole/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { shrinkPhoto } from '../lib/shrink-photo';
import { SignaturePad } from './signature-pad';

export type StopActionMode = 'delivered' | 'picked_up' | 'problem';

export type StopActionResult = {
  note?: string;
  printedName?: string;
  reason?: (typeof PROBLEM_REASONS)[number];
  counts?: { returned: number; damaged: number; missing: number };
  /** Decision 0048: which lines the damaged and missing units are of (several lines only). */
  returns?: { lineId: string; damaged: number; missing: number }[];
  photo?: string;
  signature?: string;
};

const TITLES: Record<StopActionMode, string> = {
  delivered: 'Delivered',
  picked_up: 'Picked up',
  problem: 'Report a problem',
};

type StopActionDialogProps = {
  stop: DriverStop;
  mode: StopActionMode | null;
  onClose: () => void;
  onSave: (mode: StopActionMode, result: StopActionResult) => void;
};

/** §7.4: what the crew records when they finish a stop, or cannot. */
export function StopActionDialog({ stop, mode, onClose, onSave }: StopActionDialogProps) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{mode ? TITLES[mode] : ''}</DialogTitle>
          <DialogDescription>
            #{stop.orderNumber} · {stop.customerName}
          </DialogDescription>
        </DialogHeader>
        {mode && <ActionForm stop={stop} mode={mode} onSave={(r) => onSave(mode, r)} />}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({
  stop,
  mode,
  onSave,
}: {
  stop: DriverStop;
  mode: StopActionMode;
  onSave: (result: StopActionResult) => void;
}) {
  const id = useId();
  const units = stop.items.reduce((sum, item) => sum + item.quantity, 0);
  const [note, setNote] = useState('');
  const [printedName, setPrintedName] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [reason, setReason] = useState<(typeof PROBLEM_REASONS)[number]>('no_access');
  const [counts, setCounts] = useState({ returned: units, damaged: 0, missing: 0 });
  const [byLine, setByLine] = useState<Record<string, { damaged: number; missing: number }>>({});
  const [error, setError] = useState<string | null>(null);
  // With several lines, the driver says which the damaged and missing units are of.
  const askLines = stop.lines.length > 1 && counts.damaged + counts.missing > 0;
  const lineCount = (lineId: string) => byLine[lineId] ?? { damaged: 0, missing: 0 };
  const lineTotals = stop.lines.reduce(
    (sum, line) => ({
      damaged: sum.damaged + lineCount(line.lineId).damaged,
      missing: sum.missing + lineCount(line.lineId).missing,
    }),
    { damaged: 0, missing: 0 },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'delivered' && printedName.trim() === '') {
      setError('Enter the name of the person who signed');
      return;
    }
    if (
      mode === 'picked_up' &&
      askLines &&
      (lineTotals.damaged !== counts.damaged || lineTotals.missing !== counts.missing)
    ) {
      setError('The items’ damaged and missing must add up to the counts');
      return;
    }
    const trimmed = note.trim();
    onSave({
      ...(trimmed ? { note: trimmed } : {}),
      ...(mode === 'delivered'
        ? {
            printedName: printedName.trim(),
            ...(photo ? { photo } : {}),
            ...(signature ? { signature } : {}),
          }
        : {}),
      ...(mode === 'picked_up' ? { counts, ...(photo ? { photo } : {}) } : {}),
      ...(mode === 'picked_up' && askLines
        ? {
            returns: stop.lines
              .map((line) => ({ lineId: line.lineId, ...lineCount(line.lineId) }))
              .filter((r) => r.damaged + r.missing > 0),
          }
        : {}),
      ...(mode === 'problem' ? { reason } : {}),
    });
  };

  const count = (key: keyof typeof counts, label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={10000}
        value={counts[key]}
        onChange={(e) =>
          setCounts({ ...counts, [key]: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
        }
      />
    </div>
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {mode === 'delivered' && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-photo`}>Photo of the setup</Label>
            <Input
              id={`${id}-photo`}
              type="file"
              accept="image/*"
              capture="environment"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setPhoto(file ? await shrinkPhoto(file) : null);
              }}
            />
            {photo && (
              <img
                src={photo}
                alt="What the setup looks like"
                className="max-h-40 rounded-md object-contain"
              />
            )}
          </div>
          <div className="grid gap-1.5">
            <span id={`${id}-signature`} className="text-sm font-medium">
              Customer’s signature
            </span>
            <SignaturePad labelId={`${id}-signature`} onChange={setSignature} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Printed name</Label>
            <Input
              id={`${id}-name`}
              value={printedName}
              autoComplete="off"
              maxLength={120}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setPrintedName(e.target.value)}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        </>
      )}
      {mode === 'picked_up' && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-pickup-photo`}>Photo (damage, or what was left)</Label>
          <Input
            id={`${id}-pickup-photo`}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setPhoto(file ? await shrinkPhoto(file) : null);
            }}
          />
          {photo && (
            <img src={photo} alt="What came back" className="max-h-40 rounded-md object-contain" />
          )}
        </div>
      )}
      {mode === 'picked_up' && (
        <fieldset className="grid grid-cols-3 gap-3">
          <legend className="mb-2 text-sm font-medium">
            Counts ({units === 1 ? '1 unit' : `${units} units`} went out)
          </legend>
          {count('returned', 'Returned')}
          {count('damaged', 'Damaged')}
          {count('missing', 'Missing')}
        </fieldset>
      )}
      {mode === 'picked_up' && askLines && (
        <fieldset className="grid gap-3" aria-describedby={error ? `${id}-lines-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">
            Which items? (they go to maintenance)
          </legend>
          {stop.lines.map((line) => (
            <div key={line.lineId} className="grid grid-cols-2 gap-3">
              <p className="col-span-2 text-sm wrap-anywhere">
                {line.description} <span className="text-muted-foreground">× {line.quantity}</span>
              </p>
              {(['damaged', 'missing'] as const).map((key) => (
                <div key={key} className="grid gap-1.5">
                  <Label htmlFor={`${id}-${line.lineId}-${key}`}>
                    {key === 'damaged' ? 'Damaged' : 'Missing'}: {line.description}
                  </Label>
                  <Input
                    id={`${id}-${line.lineId}-${key}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.quantity}
                    value={lineCount(line.lineId)[key]}
                    onChange={(e) =>
                      setByLine({
                        ...byLine,
                        [line.lineId]: {
                          ...lineCount(line.lineId),
                          [key]: Math.max(0, Math.trunc(Number(e.target.value) || 0)),
                        },
                      })
                    }
                  />
                </div>
              ))}
            </div>
          ))}
          {error && (
            <p id={`${id}-lines-error`} className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      )}
      {mode === 'problem' && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <NativeSelect
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as (typeof PROBLEM_REASONS)[number])}
          >
            {PROBLEM_REASONS.map((r) => (
              <option key={r} value={r}>
                {PROBLEM_REASON_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-note`}>Note</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={1000}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <DialogFooter>
        <Button type="submit">
          {mode === 'delivered'
            ? 'Save delivery'
            : mode === 'picked_up'
              ? 'Save pickup'
              : 'Report problem'}
        </Button>
      </DialogFooter>
    </form>
  );
}
