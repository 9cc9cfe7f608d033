import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { AudioDeviceOption } from '../lib/phone-snapshot';

type AudioDeviceSelectProps = {
  label: string;
  devices: AudioDeviceOption[];
  value: string | null;
  onChange: (id: string) => void;
  disabled?: boolean;
  hint?: string;
};

/**
 * One audio device picker. It offers only the devices the browser reports and has no empty
 * choice, so a device cannot be unset (spec §5).
 */
export function AudioDeviceSelect({
  label,
  devices,
  value,
  onChange,
  disabled = false,
  hint,
}: AudioDeviceSelectProps) {
  const id = useId();
  const hintId = useId();
  const known = value !== null && devices.some((device) => device.id === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={known ? value : ''}
        disabled={disabled || devices.length === 0}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
        className={cn(
          'h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50',
        )}
      >
        {!known && (
          <option value="" disabled>
            {devices.length === 0 ? 'No devices found' : 'System default'}
          </option>
        )}
        {devices.map((device) => (
          <option key={device.id} value={device.id}>
            {device.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
