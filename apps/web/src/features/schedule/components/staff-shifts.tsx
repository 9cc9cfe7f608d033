import {
  type StaffScheduleMember,
  type TimeOff,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type WeekShifts,
} from '@tentpole/domain';
import { CalendarClock, Plane, Trash2, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
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
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format-day';
import {
  useAddTimeOff,
  useDeleteTimeOff,
  useSaveShifts,
  useStaffSchedule,
} from '../api/staff-schedule';

const SHORT: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** "Mon 08:00–17:00 · Sat 07:00–21:00", or why there is none. */
export function describeWeek(shifts: WeekShifts | null): string {
  if (!shifts) return 'No shifts set: the truck’s hours apply.';
  const days = WEEKDAYS.flatMap((d) => {
    const shift = shifts[d];
    return shift ? [`${SHORT[d]} ${shift.start}–${shift.end}`] : [];
  });
  return days.length === 0 ? 'Off every day.' : days.join(' · ');
}

const fieldsOf = (error: unknown) =>
  error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};

/**
 * back-office spec §12 (decision 0051): each member's weekly shifts and time off. The Delivery
 * Manager shows each driver's day from them, and puts no one on time off on a crew.
 */
export function StaffShifts({ canEdit, today }: { canEdit: boolean; today: string }) {
  const { locale } = useAccountFormat();
  const staff = useStaffSchedule();
  const [shiftsOf, setShiftsOf] = useState<StaffScheduleMember | null>(null);
  const [offFor, setOffFor] = useState<StaffScheduleMember | null>(null);
  const remove = useDeleteTimeOff();
  const deleteOff = async (member: StaffScheduleMember, off: TimeOff) => {
    try {
      await remove.mutateAsync(off.id);
      toast.success(`Time off of ${member.name} deleted.`);
    } catch {
      toast.error('The time off could not be deleted.');
    }
  };
  return (
    <section aria-labelledby="staff-shifts-heading" className="grid gap-4">
      <div>
        <h2 id="staff-shifts-heading" className="text-lg font-semibold">
          Staff shifts and time off
        </h2>
        <p className="text-sm text-muted-foreground">
          Who works when. The Delivery Manager shows each driver’s day and puts no one on time off
          on a crew.
        </p>
      </div>
      {staff.isPending ? (
        <LoadingRows label="Loading the team’s shifts" rows={3} variant="cards" />
      ) : staff.isError ? (
        <QueryError
          variant="panel"
          title="The team’s shifts could not be loaded."
          onRetry={() => void staff.refetch()}
        />
      ) : staff.data.length === 0 ? (
        <StateMessage
          icon={<Users aria-hidden="true" />}
          title="No team members"
          description="Invite your team on the Team page."
        />
      ) : (
        <ul className="grid gap-2" aria-label="Team shifts">
          {staff.data.map((member) => (
            <li key={member.userId} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{member.name}</p>
                  <p className="text-muted-foreground wrap-anywhere">
                    {describeWeek(member.shifts)}
                  </p>
                </div>
                {canEdit && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Shifts of ${member.name}`}
                      onClick={() => setShiftsOf(member)}
                    >
                      <CalendarClock aria-hidden="true" />
                      Shifts
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Add time off for ${member.name}`}
                      onClick={() => setOffFor(member)}
                    >
                      <Plane aria-hidden="true" />
                      Time off
                    </Button>
                  </div>
                )}
              </div>
              {member.timeOff.length > 0 && (
                <ul className="grid gap-1" aria-label={`Time off of ${member.name}`}>
                  {member.timeOff.map((off) => (
                    <li key={off.id} className="flex flex-wrap items-center gap-2">
                      <span>
                        Off{' '}
                        {off.from === off.to
                          ? formatCalendarDay(off.from, locale)
                          : `${formatCalendarDay(off.from, locale)} to ${formatCalendarDay(off.to, locale)}`}
                        {off.from <= today && today <= off.to ? ' (today)' : ''}
                      </span>
                      {off.note && (
                        <span className="text-muted-foreground wrap-anywhere">· {off.note}</span>
                      )}
                      {canEdit && (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Delete time off of ${member.name} from ${formatCalendarDay(off.from, locale)}`}
                          disabled={remove.isPending}
                          onClick={() => void deleteOff(member, off)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && shiftsOf && (
        <ShiftsDialog key={shiftsOf.userId} member={shiftsOf} onClose={() => setShiftsOf(null)} />
      )}
      {canEdit && offFor && (
        <TimeOffDialog
          key={offFor.userId}
          member={offFor}
          today={today}
          onClose={() => setOffFor(null)}
        />
      )}
    </section>
  );
}

type DayRow = { works: boolean; start: string; end: string };

function ShiftsDialog({ member, onClose }: { member: StaffScheduleMember; onClose: () => void }) {
  const id = useId();
  const save = useSaveShifts();
  const [rows, setRows] = useState<Record<(typeof WEEKDAYS)[number], DayRow>>(
    () =>
      Object.fromEntries(
        WEEKDAYS.map((d) => {
          const shift = member.shifts?.[d];
          return [
            d,
            shift
              ? { works: true, start: shift.start, end: shift.end }
              : { works: false, start: '08:00', end: '17:00' },
          ];
        }),
      ) as Record<(typeof WEEKDAYS)[number], DayRow>,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const shifts = Object.fromEntries(
      WEEKDAYS.map((d) => [d, rows[d].works ? { start: rows[d].start, end: rows[d].end } : null]),
    ) as WeekShifts;
    const local: Record<string, string[]> = {};
    for (const d of WEEKDAYS)
      if (rows[d].works && rows[d].end <= rows[d].start)
        local[`shifts.${d}.end`] = ['The shift must end after it starts'];
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await save.mutateAsync({ userId: member.userId, shifts });
      toast.success(`Shifts of ${member.name} saved.`);
      onClose();
    } catch (error) {
      setErrors(fieldsOf(error));
      toast.error('The shifts could not be saved.');
    }
  };
  const clear = async () => {
    try {
      await save.mutateAsync({ userId: member.userId, shifts: null });
      toast.success(`Shifts of ${member.name} cleared.`);
      onClose();
    } catch {
      toast.error('The shifts could not be cleared.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Shifts</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {member.name}’s week. Days not ticked are days off.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
          {WEEKDAYS.map((d) => {
            const row = rows[d];
            const error = errors[`shifts.${d}.end`]?.[0] ?? errors[`shifts.${d}.start`]?.[0];
            const set = (patch: Partial<DayRow>) => setRows({ ...rows, [d]: { ...row, ...patch } });
            return (
              <fieldset
                key={d}
                className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[7rem_1fr_1fr]"
              >
                <legend className="sr-only">{WEEKDAY_LABELS[d]}</legend>
                <div className="col-span-2 flex items-center gap-2 sm:col-span-1 sm:pb-2">
                  <input
                    id={`${id}-${d}`}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={row.works}
                    onChange={(e) => set({ works: e.target.checked })}
                  />
                  <Label htmlFor={`${id}-${d}`}>{WEEKDAY_LABELS[d]}</Label>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${d}-start`} className="text-xs">
                    {WEEKDAY_LABELS[d]} start
                  </Label>
                  <Input
                    id={`${id}-${d}-start`}
                    type="time"
                    value={row.start}
                    disabled={!row.works}
                    onChange={(e) => set({ start: e.target.value })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${d}-end`} className="text-xs">
                    {WEEKDAY_LABELS[d]} end
                  </Label>
                  <Input
                    id={`${id}-${d}-end`}
                    type="time"
                    value={row.end}
                    disabled={!row.works}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${d}-error` : undefined}
                    onChange={(e) => set({ end: e.target.value })}
                  />
                </div>
                {error && (
                  <p
                    id={`${id}-${d}-error`}
                    className="col-span-2 text-sm text-destructive sm:col-span-3"
                  >
                    {error}
                  </p>
                )}
              </fieldset>
            );
          })}
          <DialogFooter className="gap-2">
            {member.shifts && (
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => void clear()}
              >
                Clear shifts
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner className="size-4" />}
              Save shifts
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TimeOffDialog({
  member,
  today,
  onClose,
}: {
  member: StaffScheduleMember;
  today: string;
  onClose: () => void;
}) {
  const id = useId();
  const add = useAddTimeOff();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (to < from) {
      setErrors({ to: ['The last day must be on or after the first'] });
      return;
    }
    try {
      await add.mutateAsync({ userId: member.userId, input: { from, to, note } });
      toast.success(`Time off for ${member.name} added.`);
      onClose();
    } catch (error) {
      setErrors(fieldsOf(error));
      toast.error('The time off could not be added.');
    }
  };
  const field = (
    key: 'from' | 'to',
    label: string,
    value: string,
    onChange: (v: string) => void,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="date"
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-sm text-destructive">
          {errors[key]?.[0]}
        </p>
      )}
    </div>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Time off</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            Days {member.name} does not work, both included.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('from', 'First day', from, setFrom)}
            {field('to', 'Last day', to, setTo)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Input
              id={`${id}-note`}
              value={note}
              maxLength={200}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending && <Spinner className="size-4" />}
              Add time off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
