import { getRouteApi } from '@tanstack/react-router';
import { CartSessions } from '@/features/store/components/cart-sessions';

const route = getRouteApi('/website/carts');

/** The browser's day, as 'YYYY-MM-DD'. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

export function CartSessionsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const today = new Date();
  // The tile's range: the last seven days, today included.
  const from =
    search.from ?? isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6));
  const to = search.to ?? isoDay(today);
  // Days typed the wrong way round are read the right way round.
  const days = from <= to ? { from, to } : { from: to, to: from };
  return (
    <CartSessions
      filter={{ ...days, ...(search.state ? { state: search.state } : {}) }}
      onStateChange={(state) =>
        void navigate({ search: (previous) => ({ ...previous, state }), replace: true })
      }
    />
  );
}
