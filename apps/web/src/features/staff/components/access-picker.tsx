import {
  PERMISSION_AREAS,
  type Permission,
  ROLE_PRESETS,
  type RolePresetName,
} from '@tentpole/domain';
import { useId } from 'react';
import { cn } from '@/lib/cn';

export type AccessValue = { preset: RolePresetName | 'custom'; permissions: Permission[] };

type AccessPickerProps = {
  value: AccessValue;
  onChange: (value: AccessValue) => void;
  /** The server's or the schema's message for the permissions, when custom has none ticked. */
  error?: string | undefined;
  /** Presets the user may not hand out (Owner, for someone who is not an owner). */
  unavailable?: ReadonlySet<RolePresetName>;
};

const radio =
  'mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * back-office spec §1, §12: a role preset, each with what it is for, or custom permissions ticked
 * one by one in the editor's areas.
 */
export function AccessPicker({ value, onChange, error, unavailable }: AccessPickerProps) {
  const name = useId();
  const errorId = useId();
  const toggle = (permission: Permission, on: boolean) =>
    onChange({
      preset: 'custom',
      permissions: on
        ? [...new Set([...value.permissions, permission])]
        : value.permissions.filter((p) => p !== permission),
    });
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Role</legend>
        {[...ROLE_PRESETS, null].map((preset) => {
          const id = preset?.name ?? 'custom';
          const disabled = preset !== null && unavailable?.has(preset.name);
          return (
            <label
              key={id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-checked:border-primary has-checked:bg-brand-soft/40',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                className={radio}
                checked={value.preset === id}
                disabled={disabled}
                onChange={() => onChange({ preset: id, permissions: value.permissions })}
              />
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium">{preset?.title ?? 'Custom permissions'}</span>
                <span className="text-muted-foreground">
                  {preset?.description ?? 'Choose exactly what this member may do, area by area.'}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {value.preset === 'custom' && (
        <fieldset
          className="grid gap-3"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Permissions</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {PERMISSION_AREAS.map(({ area, permissions }) => (
              <fieldset key={area} className="grid gap-1.5 rounded-lg border p-3">
                <legend className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {area}
                </legend>
                {permissions.map(({ permission, label }) => (
                  <label key={permission} className="flex cursor-pointer items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className={radio}
                      checked={value.permissions.includes(permission)}
                      onChange={(event) => toggle(permission, event.target.checked)}
                    />
                    <span>{label}</span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
          {error && (
            <p id={errorId} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}

/** The picker's value for a member's or an invitation's current access. */
export function accessOf(
  preset: RolePresetName | null,
  permissions: readonly string[],
): AccessValue {
  if (preset) return { preset, permissions: [] };
  const known = new Set<string>(
    PERMISSION_AREAS.flatMap((a) => a.permissions.map((p) => p.permission)),
  );
  return {
    preset: 'custom',
    permissions: permissions.filter((p): p is Permission => known.has(p)),
  };
}
