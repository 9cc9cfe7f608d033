import type { LatLng } from '@tentpole/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PinMap } from './pin-map';

const found = { lat: 30.2711, lng: -97.7437, locatedBy: 'zip_centroid' as const };

function Harness({ onPin }: { onPin: (pin: LatLng | null) => void }) {
  const [pin, setPin] = useState<LatLng | null>(null);
  return (
    <PinMap
      place="the party’s address"
      pin={pin}
      found={found}
      onPin={(next) => {
        setPin(next);
        onPin(next);
      }}
    />
  );
}

describe('PinMap', () => {
  it('asks for the address until it has a place to show', () => {
    render(<PinMap place="the depot" pin={null} found={null} onPin={() => {}} />);
    expect(screen.getByText('Enter the ZIP code or the address to see the depot on the map.'));
    expect(screen.queryByRole('button', { name: /Move the pin/ })).toBeNull();
  });

  it('moves the pin with the arrow keys, 25 ft a press and 250 ft with Shift', async () => {
    const onPin = vi.fn();
    render(<Harness onPin={onPin} />);
    expect(screen.getByText(/^Placed at the ZIP code’s centre\. If it is off/));
    const pin = screen.getByRole('button', { name: /^Move the pin with the arrow keys/ });
    pin.focus();
    await userEvent.keyboard('{ArrowUp}');
    const north = onPin.mock.lastCall?.[0] as LatLng;
    // 25 ft is 7.62 m: 0.0000685° of latitude, kept to six decimals.
    expect(north.lat - found.lat).toBeCloseTo(0.000068, 6);
    expect(north.lng).toBe(found.lng);
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    const east = onPin.mock.lastCall?.[0] as LatLng;
    expect(east.lat).toBe(north.lat);
    // 250 ft east at 30.27° N: 76.2 m ÷ (111,320 m × cos 30.27°) = 0.000792°.
    expect(east.lng - north.lng).toBeCloseTo(0.000792, 5);
    expect(screen.getByText(`Pinned by hand at ${east.lat.toFixed(6)}, ${east.lng.toFixed(6)}.`));

    await userEvent.click(screen.getByRole('button', { name: 'Remove the pin' }));
    expect(onPin).toHaveBeenLastCalledWith(null);
    expect(screen.getByText(/^Placed at the ZIP code’s centre/));
  });

  it('places the pin where the map is tapped', () => {
    const onPin = vi.fn();
    render(<Harness onPin={onPin} />);
    const map = screen.getByTitle('Map of the party’s address').closest('svg') as SVGSVGElement;
    // The drawing is 640 × 400 on the page; its centre is the address's place.
    map.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 640, height: 400, right: 640, bottom: 400 }) as DOMRect;
    fireEvent.click(map, { clientX: 320, clientY: 200 });
    const centre = onPin.mock.lastCall?.[0] as LatLng;
    expect(centre.lat).toBeCloseTo(found.lat, 5);
    expect(centre.lng).toBeCloseTo(found.lng, 5);
    // 100 px to the right at zoom 16: 100 × 360° / (256 × 2^16) = 0.002146° of longitude.
    fireEvent.click(map, { clientX: 420, clientY: 200 });
    const right = onPin.mock.lastCall?.[0] as LatLng;
    expect(right.lng - found.lng).toBeCloseTo(0.002146, 5);
    expect(right.lat).toBeCloseTo(found.lat, 5);
  });

  it('keeps showing where the address alone puts it once the quote answers with the pin', () => {
    const pin = { lat: 30.2722, lng: -97.7401 };
    const { rerender } = render(
      <PinMap place="the party’s address" pin={null} found={found} onPin={() => {}} />,
    );
    rerender(
      <PinMap
        place="the party’s address"
        pin={pin}
        found={{ ...pin, locatedBy: 'pin' }}
        onPin={() => {}}
      />,
    );
    // The dashed ring (its tooltip) marks the address's own place.
    expect(screen.getByText('Placed at the ZIP code’s centre'));
    // Without the pin, and before the next quote, the pin goes back to the address's place.
    rerender(
      <PinMap
        place="the party’s address"
        pin={null}
        found={{ ...pin, locatedBy: 'pin' }}
        onPin={() => {}}
      />,
    );
    expect(screen.getByText(/^Placed at the ZIP code’s centre\. If it is off/));
  });
});
