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

/** Austin's parks and recreation centres, where the demo's recent parties were (pinned). */
export const PARTY_PLACES = [
  { line1: '2100 Barton Springs Rd', postalCode: '78746', lat: 30.2669, lng: -97.7729 },
  { line1: '4550 Mueller Blvd', postalCode: '78723', lat: 30.2985, lng: -97.7043 },
  { line1: '1100 Kingsbury St', postalCode: '78703', lat: 30.2836, lng: -97.7529 },
  { line1: '8011 Beckett Rd', postalCode: '78749', lat: 30.2083, lng: -97.8598 },
  { line1: '12138 N Lamar Blvd', postalCode: '78753', lat: 30.3986, lng: -97.6868 },
  { line1: '5201 Berkman Dr', postalCode: '78723', lat: 30.3076, lng: -97.6936 },
  { line1: '5801 Ainez Dr', postalCode: '78744', lat: 30.1887, lng: -97.7403 },
  { line1: '3811 E 12th St', postalCode: '78721', lat: 30.2766, lng: -97.6954 },
  { line1: '2913 Northland Dr', postalCode: '78757', lat: 30.3397, lng: -97.7556 },
  { line1: '6001 Manchaca Rd', postalCode: '78745', lat: 30.2169, lng: -97.7955 },
  { line1: '6301 W Slaughter Ln', postalCode: '78749', lat: 30.1896, lng: -97.8888 },
] as const;
