// The demo business's catalogue: what its orders rent.

export type CatalogueItem = { description: string; unitPriceCents: number; quantities: number[] };

export const CATALOGUE: CatalogueItem[] = [
  { description: 'Castle Bounce House 15x15', unitPriceCents: 22500, quantities: [1] },
  { description: 'Tropical Water Slide 18ft', unitPriceCents: 32500, quantities: [1] },
  { description: 'Obstacle Course 40ft', unitPriceCents: 39500, quantities: [1] },
  { description: 'Princess Combo Bouncer', unitPriceCents: 27500, quantities: [1] },
  { description: 'Frame Tent 20x20', unitPriceCents: 42500, quantities: [1] },
  { description: 'Pole Tent 20x40', unitPriceCents: 65000, quantities: [1] },
  { description: 'Folding Chair (white)', unitPriceCents: 250, quantities: [20, 40, 60, 100] },
  { description: 'Round Table 60in', unitPriceCents: 1200, quantities: [4, 6, 8, 12] },
  { description: 'Banquet Table 8ft', unitPriceCents: 1100, quantities: [2, 4, 6] },
  { description: 'Cotton Candy Machine', unitPriceCents: 7500, quantities: [1] },
  { description: 'Popcorn Machine', unitPriceCents: 7500, quantities: [1] },
  { description: 'Snow Cone Machine', unitPriceCents: 6500, quantities: [1] },
  { description: 'Generator 5500W', unitPriceCents: 9000, quantities: [1] },
  { description: 'Dunk Tank', unitPriceCents: 29500, quantities: [1] },
  { description: 'Tablecloth (white)', unitPriceCents: 800, quantities: [4, 8, 12] },
];

export const DELIVERY_FEE_CENTS = 5000;
