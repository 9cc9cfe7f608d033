import type { DayRoute, DeliveryDay } from '@tentpole/domain';
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
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? [...route.crew.map((c) => c.userId), driver.userId]
                  : route.crew.map((c) => c.userId).filter((id) => id !== driver.userId),
              )
            }
          >
            {driver.name}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
