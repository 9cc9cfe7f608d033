import type { DriverStop } from '@tentpole/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DriverStopCard } from './driver-stop-card';

const stop: DriverStop = {
  id: '00000000-0000-4000-8000-000000000101:delivery',
  kind: 'delivery',
  orderNumber: 1001,
  customerName: 'Ana Diaz',
  address: '500 E Cesar Chavez St, Austin, TX 78701',
  lat: 30.26,
  lng: -97.74,
  window: { start: 480, end: 600 },
  eta: 510,
  arrival: 510,
  departure: 540,
  items: [{ description: 'Castle', quantity: 1, components: [] }],
  lines: [],
  notes: 'Back yard',
  sitePhotos: [
    {
      url: '/api/delivery/driver/site-photos/p1?date=2030-06-15&size=full',
      thumbnailUrl: '/api/delivery/driver/site-photos/p1?date=2030-06-15&size=thumbnail',
    },
  ],
  gateCode: null,
  phoneNumber: null,
  status: 'scheduled',
  events: [],
};

describe('a stop on the driver’s phone (decision 0052)', () => {
  it('shows the order’s site photos, each opening full size', () => {
    render(
      <ol>
        <DriverStopCard
          stop={stop}
          position={1}
          status="scheduled"
          waiting={0}
          onQuickAction={() => {}}
          onOpenAction={() => {}}
        />
      </ol>,
    );
    const photo = screen.getByRole('img', { name: 'The setup spot of order #1001 (1)' });
    expect(photo).toHaveAttribute('src', stop.sitePhotos[0]?.thumbnailUrl);
    expect(photo.closest('a')).toHaveAttribute('href', stop.sitePhotos[0]?.url);
  });

  it('says nothing of photos when there are none', () => {
    render(
      <ol>
        <DriverStopCard
          stop={{ ...stop, sitePhotos: [] }}
          position={1}
          status="scheduled"
          waiting={0}
          onQuickAction={() => {}}
          onOpenAction={() => {}}
        />
      </ol>,
    );
    expect(screen.queryByText('Site photos')).toBeNull();
  });
});
