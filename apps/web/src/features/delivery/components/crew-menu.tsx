import type { Availability, DayRoute, DeliveryDay } from '@tentpole/domain';
import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** A driver's day from the schedule, in words (decision 0051). */
export function availabilityText(availability: Availability): string {
  if (availability.status === 'off') return 'Time off';
  if (availability.status === 'not_scheduled') return 'Not on shift this day';
  if (availability.status === 'on_shift' && availability.shift)
    return `On shift ${availability.shift.start}–${availability.shift.end}`;
  return '';
}

type CrewMenuProps = {
  day: DeliveryDay;
  route: DayRoute;
  name: string;
  onChange: (userIds: string[]) => void;
};

/** §7.2 (decision 0043): who rides on this truck today, from the members with delivery.driver. */
export function CrewMenu({ day, route, name, onChange }: CrewMenuProps) {
  const on = new Set(route.crew.map((c) => c.userId));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Crew of ${name}`}>
          <Users aria-hidden="true" />
          Crew
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Crew of {name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {day.drivers.length === 0 && (
          <DropdownMenuLabel className="font-normal text-muted-foreground">
            No team member can drive yet (delivery.driver).
          </DropdownMenuLabel>
        )}
        {day.drivers.map((driver) => (
          <DropdownMenuCheckboxItem
            key={driver.userId}
            checked={on.has(driver.userId)}
            // Decision 0051: someone on time off that day cannot be put on (they can be taken off).
            disabled={driver.availability?.status === 'off' && !on.has(driver.userId)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? [...route.crew.map((c) => c.userId), driver.userId]
                  : route.crew.map((c) => c.userId).filter((id) => id !== driver.userId),
              )
            }
          >
            <span className="grid">
              <span className="wrap-anywhere">{driver.name}</span>
              {driver.availability && driver.availability.status !== 'no_schedule' && (
                <span className="text-xs text-muted-foreground">
                  {availabilityText(driver.availability)}
                </span>
              )}
            </span>
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
