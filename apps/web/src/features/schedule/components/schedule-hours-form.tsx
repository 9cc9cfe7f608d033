import {
  type Schedule,
  type ScheduleResponse,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@tentpole/domain';
import { Plus, X } from 'lucide-react';
import { type Control, Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useSaveSchedule } from '../api/save-schedule';
import { scheduleFormResolver } from '../lib/form-resolvers';
import { type ScheduleFormValues, scheduleFormValues } from '../lib/schedule-form-values';

type FormControl = Control<ScheduleFormValues, unknown, Schedule>;

/**
 * back-office spec §12: business hours per weekday, service hours and booking rules, saved
 * together. Without account.write the fields are shown and cannot be changed.
 */
export function ScheduleHoursForm({
  schedule,
  canEdit,
}: {
  schedule: ScheduleResponse;
  canEdit: boolean;
}) {
  const save = useSaveSchedule();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ScheduleFormValues, unknown, Schedule>({
    resolver: scheduleFormResolver,
    defaultValues: scheduleFormValues(schedule),
  });

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      reset(scheduleFormValues(saved));
      toast.success('Schedule saved.');
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        setError,
        (key) => key as keyof ScheduleFormValues,
        { shouldFocus: true },
      );
      if (named.length === 0) toast.error('The schedule could not be saved.');
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Hours and booking rules" className="grid gap-5">
      <fieldset disabled={!canEdit} className="grid min-w-0 gap-5">
        <Card>
          <CardHeader>
            <CardTitle>Business hours</CardTitle>
            <CardDescription>
              When your office is open to answer calls and take bookings. Times are in{' '}
              {schedule.timeZone.replaceAll('_', ' ')}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid divide-y" aria-label="Business hours">
              {WEEKDAYS.map((day) => (
                <BusinessDay key={day} day={day} control={control} canEdit={canEdit} />
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Service hours</CardTitle>
            <CardDescription>
              The earliest a delivery can arrive and the latest a pickup can be.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid divide-y" aria-label="Service hours">
              {WEEKDAYS.map((day) => (
                <ServiceDay key={day} day={day} control={control} />
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Booking rules</CardTitle>
            <CardDescription>
              How far ahead bookings can be made, and how many deliveries a day can take.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Minimum notice (hours)"
              inputMode="numeric"
              autoComplete="off"
              description="0 allows last-minute bookings."
              error={errors.bookingRules?.minNoticeHours?.message}
              {...register('bookingRules.minNoticeHours')}
            />
            <TextField
              label="Maximum advance (days)"
              optional
              inputMode="numeric"
              autoComplete="off"
              description="Empty for no limit."
              error={errors.bookingRules?.maxAdvanceDays?.message}
              {...register('bookingRules.maxAdvanceDays')}
            />
            <TextField
              label="Deliveries per day"
              optional
              inputMode="numeric"
              autoComplete="off"
              description="Empty for no cap."
              error={errors.bookingRules?.maxDeliveriesPerDay?.message}
              {...register('bookingRules.maxDeliveriesPerDay')}
            />
          </CardContent>
        </Card>
      </fieldset>
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting && <Spinner className="size-4" />}
            Save schedule
          </Button>
        </div>
      )}
    </form>
  );
}

function BusinessDay({
  day,
  control,
  canEdit,
}: {
  day: Weekday;
  control: FormControl;
  canEdit: boolean;
}) {
  const label = WEEKDAY_LABELS[day];
  const closed = useWatch({ control, name: `businessHours.${day}.closed` });
  const intervals = useFieldArray({ control, name: `businessHours.${day}.intervals` });
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[8rem_6rem_1fr] sm:items-start">
      <span className="pt-2 font-medium">{label}</span>
      <Controller
        control={control}
        name={`businessHours.${day}.closed`}
        render={({ field }) => (
          <div className="flex items-center gap-2 text-sm sm:pt-2">
            <Switch
              ref={field.ref}
              checked={!field.value}
              onCheckedChange={(open) => {
                field.onChange(!open);
                if (open && intervals.fields.length === 0)
                  intervals.append({ open: '09:00', close: '17:00' });
              }}
              aria-label={`${label} open`}
            />
            <span aria-hidden="true">{field.value ? 'Closed' : 'Open'}</span>
          </div>
        )}
      />
      {!closed && (
        <div className="grid gap-2">
          {intervals.fields.map((interval, index) => (
            <Interval
              key={interval.id}
              day={day}
              index={index}
              control={control}
              onRemove={
                canEdit && intervals.fields.length > 1 ? () => intervals.remove(index) : undefined
              }
            />
          ))}
          <DayError control={control} day={day} />
          {canEdit && intervals.fields.length < 4 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => intervals.append({ open: '13:00', close: '17:00' })}
            >
              <Plus aria-hidden="true" />
              Add hours on {label}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function Interval({
  day,
  index,
  control,
  onRemove,
}: {
  day: Weekday;
  index: number;
  control: FormControl;
  onRemove: (() => void) | undefined;
}) {
  const label = WEEKDAY_LABELS[day];
  const nth = index === 0 ? '' : ` (${index + 1})`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TimeInput
        control={control}
        name={`businessHours.${day}.intervals.${index}.open`}
        label={`${label} opens${nth}`}
      />
      <span aria-hidden="true">–</span>
      <TimeInput
        control={control}
        name={`businessHours.${day}.intervals.${index}.close`}
        label={`${label} closes${nth}`}
      />
      {onRemove && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove ${label} hours${nth}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

type TimeName =
  | `businessHours.${Weekday}.intervals.${number}.open`
  | `businessHours.${Weekday}.intervals.${number}.close`
  | `serviceHours.${Weekday}.earliestDelivery`
  | `serviceHours.${Weekday}.latestPickup`;

function TimeInput({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: TimeName;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <span className="grid gap-1">
          <Input
            type="time"
            aria-label={label}
            className="w-32"
            aria-invalid={fieldState.error ? true : undefined}
            {...field}
          />
          {fieldState.error && <FieldError>{fieldState.error.message}</FieldError>}
        </span>
      )}
    />
  );
}

/** A problem with a day as a whole (no hours, overlapping hours). */
function DayError({ control, day }: { control: FormControl; day: Weekday }) {
  return (
    <Controller
      control={control}
      name={`businessHours.${day}.intervals`}
      render={({ fieldState }) => (
        <FieldError className="empty:hidden">{fieldState.error?.message}</FieldError>
      )}
    />
  );
}

function ServiceDay({ day, control }: { day: Weekday; control: FormControl }) {
  const label = WEEKDAY_LABELS[day];
  const off = useWatch({ control, name: `serviceHours.${day}.off` });
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[8rem_10rem_1fr] sm:items-start">
      <span className="pt-2 font-medium">{label}</span>
      <Controller
        control={control}
        name={`serviceHours.${day}.off`}
        render={({ field }) => (
          <div className="flex items-center gap-2 text-sm sm:pt-2">
            <Switch
              ref={field.ref}
              checked={!field.value}
              onCheckedChange={(on) => field.onChange(!on)}
              aria-label={`Deliveries on ${label}`}
            />
            <span aria-hidden="true">{field.value ? 'No deliveries' : 'Deliveries'}</span>
          </div>
        )}
      />
      {!off && (
        <div className="flex flex-wrap items-start gap-2">
          <TimeInput
            control={control}
            name={`serviceHours.${day}.earliestDelivery`}
            label={`${label} earliest delivery`}
          />
          <span aria-hidden="true" className="pt-2">
            –
          </span>
          <TimeInput
            control={control}
            name={`serviceHours.${day}.latestPickup`}
            label={`${label} latest pickup`}
          />
        </div>
      )}
    </li>
  );
}
