import type { DriverStop } from '@tentpole/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StopActionDialog } from './stop-action-dialog';

const chairs = '00000000-0000-4000-8000-00000000c001';
const tent = '00000000-0000-4000-8000-00000000c002';
const stop: DriverStop = {
  id: '00000000-0000-4000-8000-000000000101:pickup',
  kind: 'pickup',
  orderNumber: 1001,
  customerName: 'Ana Diaz',
  address: '500 E Cesar Chavez St, Austin, TX 78701',
  lat: 30.26,
  lng: -97.74,
  window: { start: 1080, end: 1200 },
  eta: 1080,
  arrival: 1080,
  departure: 1110,
  items: [
    { description: 'White chair', quantity: 20, components: [] },
    { description: 'Tent 20×20', quantity: 1, components: [] },
  ],
  lines: [
    { lineId: chairs, description: 'White chair', quantity: 20 },
    { lineId: tent, description: 'Tent 20×20', quantity: 1 },
  ],
  notes: null,
  sitePhotos: [],
  gateCode: null,
  phoneNumber: null,
  status: 'scheduled',
  events: [],
};

describe('the pickup dialog (decision 0048)', () => {
  it('asks which items came back damaged or missing when the order has several, and sends them', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<StopActionDialog stop={stop} mode="picked_up" onClose={() => {}} onSave={onSave} />);
    expect(screen.getByLabelText('Returned')).toHaveValue(21);
    expect(screen.queryByText(/Which items\?/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Returned'));
    await user.type(screen.getByLabelText('Returned'), '19');
    await user.clear(screen.getByLabelText('Damaged'));
    await user.type(screen.getByLabelText('Damaged'), '1');
    await user.clear(screen.getByLabelText('Missing'));
    await user.type(screen.getByLabelText('Missing'), '1');
    expect(screen.getByText(/Which items\?/)).toBeInTheDocument();

    // Not yet adding up: refused on the phone, in words.
    await user.click(screen.getByRole('button', { name: 'Save pickup' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The items’ damaged and missing must add up to the counts',
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Damaged: Tent 20×20'));
    await user.type(screen.getByLabelText('Damaged: Tent 20×20'), '1');
    await user.clear(screen.getByLabelText('Missing: White chair'));
    await user.type(screen.getByLabelText('Missing: White chair'), '1');
    await user.click(screen.getByRole('button', { name: 'Save pickup' }));
    expect(onSave).toHaveBeenCalledWith('picked_up', {
      counts: { returned: 19, damaged: 1, missing: 1 },
      returns: [
        { lineId: chairs, damaged: 0, missing: 1 },
        { lineId: tent, damaged: 1, missing: 0 },
      ],
    });
  });

  it('with one line, the counts are enough', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    const one = { ...stop, lines: stop.lines.slice(0, 1), items: stop.items.slice(0, 1) };
    render(<StopActionDialog stop={one} mode="picked_up" onClose={() => {}} onSave={onSave} />);
    await user.clear(screen.getByLabelText('Damaged'));
    await user.type(screen.getByLabelText('Damaged'), '2');
    expect(screen.queryByText(/Which items\?/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save pickup' }));
    expect(onSave).toHaveBeenCalledWith('picked_up', {
      counts: { returned: 20, damaged: 2, missing: 0 },
    });
  });
});
