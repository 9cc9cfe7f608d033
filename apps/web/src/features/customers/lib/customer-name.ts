type Named = { firstName: string; lastName: string };

export function customerName({ firstName, lastName }: Named): string {
  return `${firstName} ${lastName}`.trim();
}

export function customerInitials({ firstName, lastName }: Named): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}
