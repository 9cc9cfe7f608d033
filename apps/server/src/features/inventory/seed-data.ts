import {
  BOUNCE_KINGDOM,
  type DowntimeReason,
  type ProductPricing,
  type ProductType,
  SUNSHINE,
  type SurfaceAllowed,
} from '@tentpole/domain';

// The demo businesses' inventories (issue 16 item 8), after what operators publish about their
// units (research §3.3–3.5: footprints, power, capacity, anchor points, surfaces). Products,
// accessories and surface components are named, not referenced by id: the seed resolves names.
// Every item the demo orders rent (orders/seed-data.ts CATALOGUE) is here under the same name
// and at the same one-day price, so the orders' totals stay what they were.

export type SeedCategory = { name: string; parent?: string; description: string };

/** A surface rule's component, per unit or per anchor point (§3). */
type SeedRuleComponent = { product: string; quantity: number; per: 'unit' | 'anchor' };
export type SeedRule = {
  allowed: SurfaceAllowed;
  components?: SeedRuleComponent[];
  fee?: { amount: number; per: 'order' | 'unit' | 'anchor'; taxable: boolean };
  crewNotes?: string;
};
/** A product's rules, by surface name. */
export type SeedRules = Readonly<Record<string, SeedRule>>;

export type SeedProduct = {
  name: string;
  category: string;
  description: string;
  type?: ProductType;
  /** Serialized: its named units. Otherwise bulk, with `quantity`. */
  units?: string[];
  quantity?: number;
  pricing: ProductPricing;
  taxable?: boolean;
  securityDeposit?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  recoveryMinutes?: number;
  /** Length × width × height in feet, as operators publish them. */
  feet?: readonly [number, number, number];
  powerNeeds?: string;
  capacity?: string;
  anchorPoints?: number;
  setupMinutes?: number;
  crewSize?: number;
  showInStore?: boolean;
  /** A bundle's components: product name and quantity per bundle. */
  components?: { product: string; quantity: number }[];
  accessories?: { product: string; quantity: number; required: boolean }[];
  surfaceRules?: SeedRules;
};

export type SeedDowntime = {
  product: string;
  unit?: string;
  quantity: number;
  reason: DowntimeReason;
  hard: boolean;
  /** Days from the seed's now; `untilDays` null: open-ended. */
  fromDays: number;
  untilDays: number | null;
  note: string;
};

export type SeedInventory = {
  account: string;
  categories: SeedCategory[];
  surfaces: { name: string; description: string; customerVisible: boolean }[];
  products: SeedProduct[];
  downtimes: SeedDowntime[];
};

const daily = (day: number, twoDays?: number, threeDays?: number, extraDay?: number) =>
  ({
    mode: 'daily',
    tiers: [
      { hours: 24, amount: day },
      ...(twoDays ? [{ hours: 48, amount: twoDays }] : []),
      ...(threeDays ? [{ hours: 72, amount: threeDays }] : []),
    ],
    extraDayAmount: extraDay ?? null,
  }) satisfies ProductPricing;
const hourly = (minimumHours: number, minimumAmount: number, extraHourAmount: number) =>
  ({ mode: 'hourly', minimumHours, minimumAmount, extraHourAmount }) satisfies ProductPricing;
const flat = (amount: number) => ({ mode: 'flat', amount }) satisfies ProductPricing;

const units = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} #${i + 1}`);

// Accessories and the components surfaces add: kept off the store, reserved with what needs them.
const BLOWER = 'Blower 1.5 HP';
const STAKE = 'Stake 18in';
const TENT_STAKE = 'Tent Stake 36in';
const SANDBAG = 'Sandbag 50 lb';
const BALLAST = 'Water Barrel Ballast';
const CORD = 'Extension Cord 100ft';
const GENERATOR = 'Generator 5500W';

const GRASS = 'Grass';
const CONCRETE = 'Concrete/Asphalt';
const INDOOR = 'Indoor';
const DIRT = 'Dirt';

const SURFACES = [
  {
    name: GRASS,
    description: 'Lawn or park grass. Units are staked; mark sprinkler heads before we arrive.',
    customerVisible: true,
  },
  {
    name: CONCRETE,
    description: 'Driveways, parking lots, patios. Units are weighted with sandbags or ballast.',
    customerVisible: true,
  },
  {
    name: INDOOR,
    description: 'Gyms, halls, churches. Needs ceiling clearance and a clear path from the door.',
    customerVisible: true,
  },
  {
    name: DIRT,
    description: 'Packed dirt or gravel lots. We look at a photo of the site first.',
    customerVisible: true,
  },
];

// Rules per kind of unit (research §3.5): stakes on grass, sandbags on hard ground with a fee
// per unit, wet units never indoors and only with approval on dirt.
const DRY_INFLATABLE: SeedRules = {
  [GRASS]: {
    allowed: 'yes',
    components: [{ product: STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Stake every anchor point; keep 4 ft clear on all sides.',
  },
  [CONCRETE]: {
    allowed: 'yes',
    components: [{ product: SANDBAG, quantity: 2, per: 'anchor' }],
    fee: { amount: 2500, per: 'unit', taxable: true },
    crewNotes: 'Ground tarp under the unit; two sandbags on every anchor point.',
  },
  [INDOOR]: {
    allowed: 'approval',
    components: [{ product: SANDBAG, quantity: 1, per: 'anchor' }],
    crewNotes: 'Confirm ceiling height (unit height + 2 ft) and door width before loading.',
  },
  [DIRT]: {
    allowed: 'approval',
    components: [{ product: STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Ground tarp required; rake out rocks and debris first.',
  },
};

const LOW_INFLATABLE: SeedRules = {
  ...DRY_INFLATABLE,
  [INDOOR]: {
    allowed: 'yes',
    components: [{ product: SANDBAG, quantity: 1, per: 'anchor' }],
    crewNotes: 'Tarp under the unit; one sandbag per anchor point.',
  },
};

const WET_SLIDE: SeedRules = {
  [GRASS]: {
    allowed: 'yes',
    components: [{ product: STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Hose within 50 ft; slope the splash pool away from the house.',
  },
  [CONCRETE]: {
    allowed: 'no',
    crewNotes: 'Wet units are never set up on hard surfaces.',
  },
  [INDOOR]: { allowed: 'no', crewNotes: 'Water units are outdoor only.' },
  [DIRT]: {
    allowed: 'approval',
    components: [{ product: STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Wet use turns dirt to mud: approve from a site photo; heavy tarp under the pool.',
  },
};

/** Wet/dry combos: hard surfaces for dry use only. */
const COMBO: SeedRules = {
  ...WET_SLIDE,
  [CONCRETE]: {
    allowed: 'yes',
    components: [{ product: SANDBAG, quantity: 2, per: 'anchor' }],
    fee: { amount: 2500, per: 'unit', taxable: true },
    crewNotes: 'Dry use only on hard surfaces; two sandbags on every anchor point.',
  },
};

const FRAME_TENT: SeedRules = {
  [GRASS]: {
    allowed: 'yes',
    components: [{ product: TENT_STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Call 811 for a utility locate three days before staking.',
  },
  [CONCRETE]: {
    allowed: 'yes',
    components: [{ product: BALLAST, quantity: 1, per: 'anchor' }],
    fee: { amount: 1000, per: 'anchor', taxable: true },
    crewNotes: 'A filled water barrel on every leg; no drilling.',
  },
  [INDOOR]: {
    allowed: 'yes',
    components: [{ product: SANDBAG, quantity: 1, per: 'anchor' }],
    crewNotes: 'A sandbag on every leg.',
  },
  [DIRT]: {
    allowed: 'approval',
    components: [{ product: TENT_STAKE, quantity: 1, per: 'anchor' }],
    crewNotes: 'Check for buried lines; stakes may need a longer drive in loose dirt.',
  },
};

/** Pole tents always stake (their stakes are a required accessory); no hard floors. */
const POLE_TENT: SeedRules = {
  [GRASS]: { allowed: 'yes', crewNotes: 'Call 811 for a utility locate three days before.' },
  [CONCRETE]: { allowed: 'no', crewNotes: 'Pole tents must be staked: offer a frame tent.' },
  [INDOOR]: { allowed: 'no', crewNotes: 'Pole tents must be staked: offer a frame tent.' },
  [DIRT]: { allowed: 'approval', crewNotes: 'Approve from a site photo; check for buried lines.' },
};

const CANOPY: SeedRules = {
  [GRASS]: { allowed: 'yes', components: [{ product: STAKE, quantity: 1, per: 'anchor' }] },
  [CONCRETE]: { allowed: 'yes', components: [{ product: SANDBAG, quantity: 1, per: 'anchor' }] },
  [INDOOR]: { allowed: 'yes', components: [{ product: SANDBAG, quantity: 1, per: 'anchor' }] },
  [DIRT]: { allowed: 'yes', components: [{ product: STAKE, quantity: 1, per: 'anchor' }] },
};

const DUNK_TANK: SeedRules = {
  [GRASS]: { allowed: 'yes', crewNotes: 'Level ground; hose within 50 ft (500 gallons).' },
  [CONCRETE]: { allowed: 'yes', crewNotes: 'Drain to the street gutter, not the lawn.' },
  [INDOOR]: { allowed: 'no', crewNotes: 'Water units are outdoor only.' },
  [DIRT]: { allowed: 'approval', crewNotes: 'Needs a level pad: approve from a site photo.' },
};

const blower = (quantity = 1) => ({ product: BLOWER, quantity, required: true });
const suggested = (product: string, quantity = 1) => ({ product, quantity, required: false });
const INFLATABLE_SUGGESTIONS = [suggested(CORD), suggested(GENERATOR)];

const ONE_BLOWER = '1 × 1.5 HP blower (10 A): a 20 A circuit within 100 ft';
const TWO_BLOWERS = '2 × 1.5 HP blowers (20 A): two separate 20 A circuits within 100 ft';
// Inflatables: loaded, driven and set up before the event, torn down and cleaned after (§3).
const INFLATABLE = { bufferBeforeMinutes: 90, bufferAfterMinutes: 90, crewSize: 2 };
const WET = { ...INFLATABLE, recoveryMinutes: 720 }; // a wet unit dries overnight
const TENT = { bufferBeforeMinutes: 180, bufferAfterMinutes: 180 };

const BOUNCE_HOUSES = 'Bounce Houses';
const COMBOS = 'Combos & Wet Slides';
const TENTS = 'Tents';
const TABLES = 'Tables & Chairs';
const LINENS = 'Linens';
const CONCESSIONS = 'Concessions';
const GAMES = 'Games';
const EXTRAS = 'Generators & Extras';

const bounceKingdom: SeedInventory = {
  account: BOUNCE_KINGDOM,
  categories: [
    { name: BOUNCE_HOUSES, description: 'Classic dry bounce houses for backyard parties.' },
    { name: COMBOS, description: 'Bounce-and-slide combos and water slides for hot days.' },
    { name: TENTS, description: 'Frame and pole tents, canopies and sidewalls.' },
    { name: TABLES, description: 'Folding and cocktail tables, folding and Chiavari chairs.' },
    { name: LINENS, parent: TABLES, description: 'Tablecloths and chair covers.' },
    { name: CONCESSIONS, description: 'Cotton candy, popcorn and snow cones, with supplies.' },
    { name: GAMES, description: 'Obstacle courses, dunk tanks, yard games and a photo booth.' },
    { name: EXTRAS, description: 'Power, cords, attendants and the gear that keeps units up.' },
  ],
  surfaces: SURFACES,
  products: [
    // Bounce houses
    {
      name: 'Castle Bounce House 15x15',
      category: BOUNCE_HOUSES,
      description: 'Our best-seller: a turreted castle with a basketball hoop inside.',
      units: units('Castle', 5),
      pricing: daily(22500, 33500, 40000, 10000),
      securityDeposit: 10000,
      ...INFLATABLE,
      recoveryMinutes: 30,
      feet: [15, 15, 16],
      powerNeeds: ONE_BLOWER,
      capacity: '8 children ages 3–12, 1,000 lb total',
      anchorPoints: 4,
      setupMinutes: 30,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: DRY_INFLATABLE,
    },
    {
      name: 'Princess Castle Bounce House 13x13',
      category: BOUNCE_HOUSES,
      description: 'Pink and purple castle with a mesh window all round for watching parents.',
      units: units('Princess Castle', 2),
      pricing: daily(19500, 29000, 35000, 9000),
      ...INFLATABLE,
      recoveryMinutes: 30,
      feet: [13, 13, 15],
      powerNeeds: ONE_BLOWER,
      capacity: '6 children ages 3–10, 800 lb total',
      anchorPoints: 4,
      setupMinutes: 25,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: DRY_INFLATABLE,
    },
    {
      name: 'Superhero Bounce House 15x15',
      category: BOUNCE_HOUSES,
      description: 'City skyline with superhero art panels and a pop-up obstacle inside.',
      units: units('Superhero', 2),
      pricing: daily(21500, 32000, 38500, 9500),
      ...INFLATABLE,
      recoveryMinutes: 30,
      feet: [15, 15, 15],
      powerNeeds: ONE_BLOWER,
      capacity: '8 children ages 3–12, 1,000 lb total',
      anchorPoints: 4,
      setupMinutes: 30,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: DRY_INFLATABLE,
    },
    {
      name: 'Toddler Playland 10x10',
      category: BOUNCE_HOUSES,
      description: 'Low walls, soft pop-ups and a tiny slide for the under-fives; fits indoors.',
      units: units('Toddler Playland', 2),
      pricing: daily(14500, 21500, 26000, 6500),
      ...INFLATABLE,
      crewSize: 1,
      recoveryMinutes: 30,
      feet: [10, 10, 7],
      powerNeeds: ONE_BLOWER,
      capacity: '5 children ages 1–5',
      anchorPoints: 4,
      setupMinutes: 20,
      accessories: [blower(), suggested(CORD)],
      surfaceRules: LOW_INFLATABLE,
    },
    {
      name: 'Backyard Party Package',
      category: BOUNCE_HOUSES,
      description: 'The castle bounce house, two banquet tables and 16 folding chairs.',
      pricing: daily(27500, 39500),
      components: [
        { product: 'Castle Bounce House 15x15', quantity: 1 },
        { product: 'Banquet Table 8ft', quantity: 2 },
        { product: 'Folding Chair (white)', quantity: 16 },
      ],
    },
    // Combos and wet slides
    {
      name: 'Princess Combo Bouncer',
      category: COMBOS,
      description: 'Bounce area, climbing wall and slide; the slide runs wet or dry.',
      units: units('Princess Combo', 5),
      pricing: daily(27500, 41000, 49500, 12000),
      securityDeposit: 10000,
      ...INFLATABLE,
      recoveryMinutes: 240,
      feet: [22, 14, 14],
      powerNeeds: ONE_BLOWER,
      capacity: '6 children ages 3–12',
      anchorPoints: 6,
      setupMinutes: 40,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: COMBO,
    },
    {
      name: 'Jungle Combo Wet/Dry',
      category: COMBOS,
      description: 'Jungle-themed bounce house with a slide into a splash pool.',
      units: units('Jungle Combo', 2),
      pricing: daily(29500, 44000, 53000, 13000),
      securityDeposit: 10000,
      ...WET,
      feet: [25, 15, 15],
      powerNeeds: ONE_BLOWER,
      capacity: '6 children ages 4–12',
      anchorPoints: 6,
      setupMinutes: 45,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: COMBO,
    },
    {
      name: 'Tropical Water Slide 18ft',
      category: COMBOS,
      description: 'Palm-tree water slide with a climbing ladder and splash pool.',
      units: units('Tropical Slide', 4),
      pricing: daily(32500, 48500, 58500, 14000),
      securityDeposit: 15000,
      ...WET,
      feet: [30, 12, 18],
      powerNeeds: ONE_BLOWER,
      capacity: 'One rider at a time, ages 5 and up, up to 200 lb',
      anchorPoints: 6,
      setupMinutes: 45,
      accessories: [blower(), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: WET_SLIDE,
    },
    {
      name: 'Tsunami Dual-Lane Slide 22ft',
      category: COMBOS,
      description: 'Two racing lanes down a 22 ft wave into a double splash pool.',
      units: units('Tsunami', 1),
      pricing: daily(45000, 67500, 81000, 19500),
      securityDeposit: 20000,
      ...WET,
      crewSize: 3,
      feet: [40, 16, 22],
      powerNeeds: TWO_BLOWERS,
      capacity: 'Two riders at a time, ages 7 and up, up to 250 lb each',
      anchorPoints: 8,
      setupMinutes: 60,
      accessories: [blower(2), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: WET_SLIDE,
    },
    // Tents
    {
      name: 'Frame Tent 20x20',
      category: TENTS,
      description: 'Free-standing white frame tent: no center poles, goes on any surface.',
      quantity: 6,
      pricing: daily(42500, 55000, 62500, 15000),
      ...TENT,
      feet: [20, 20, 14],
      capacity: 'Seats 40 at round tables, 64 at banquet tables',
      anchorPoints: 8,
      setupMinutes: 90,
      crewSize: 3,
      accessories: [suggested('Tent Sidewall 20ft', 4)],
      surfaceRules: FRAME_TENT,
    },
    {
      name: 'Pole Tent 20x40',
      category: TENTS,
      description: 'Classic peaked pole tent for big backyards; staked on grass.',
      quantity: 4,
      pricing: daily(65000, 85000, 97500, 22500),
      ...TENT,
      feet: [40, 20, 18],
      capacity: 'Seats 80 at round tables, 120 at banquet tables',
      anchorPoints: 18,
      setupMinutes: 120,
      crewSize: 4,
      accessories: [
        { product: TENT_STAKE, quantity: 18, required: true },
        suggested('Tent Sidewall 20ft', 6),
      ],
      surfaceRules: POLE_TENT,
    },
    {
      name: 'Pop-Up Canopy 10x10',
      category: TENTS,
      description: 'Quick shade for a gift table, a DJ or the concession stand.',
      quantity: 6,
      pricing: daily(9500, 14000),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      feet: [10, 10, 10],
      capacity: 'Seats 8',
      anchorPoints: 4,
      setupMinutes: 15,
      surfaceRules: CANOPY,
    },
    {
      name: 'Tent Sidewall 20ft',
      category: TENTS,
      description: 'Solid white sidewall panel for wind and rain; hooks onto any of our tents.',
      quantity: 16,
      pricing: daily(3500),
      ...TENT,
      setupMinutes: 5,
    },
    {
      name: 'Tented Party Package',
      category: TENTS,
      description: 'A 20x20 frame tent with four 60in round tables, 32 chairs and white linens.',
      pricing: daily(59500, 79500),
      components: [
        { product: 'Frame Tent 20x20', quantity: 1 },
        { product: 'Round Table 60in', quantity: 4 },
        { product: 'Folding Chair (white)', quantity: 32 },
        { product: 'Tablecloth (white)', quantity: 4 },
      ],
    },
    // Tables and chairs
    {
      name: 'Folding Chair (white)',
      category: TABLES,
      description: 'White resin folding chair with a padded seat.',
      quantity: 400,
      pricing: daily(250, undefined, undefined, 100),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      capacity: 'Up to 300 lb',
    },
    {
      name: 'Chiavari Chair (gold)',
      category: TABLES,
      description: 'Gold Chiavari chair with an ivory cushion, for weddings and showers.',
      quantity: 100,
      pricing: daily(650),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
    },
    {
      name: 'Round Table 60in',
      category: TABLES,
      description: 'Seats 8. Pair it with a 120in round tablecloth to the floor.',
      quantity: 40,
      pricing: daily(1200, undefined, undefined, 500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      feet: [5, 5, 2.5],
      capacity: 'Seats 8',
      accessories: [suggested('Round Tablecloth 120in (ivory)')],
    },
    {
      name: 'Banquet Table 8ft',
      category: TABLES,
      description: 'Seats 8–10. The buffet and gift table.',
      quantity: 30,
      pricing: daily(1100, undefined, undefined, 500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      feet: [8, 2.5, 2.5],
      capacity: 'Seats 8–10',
      accessories: [suggested('Tablecloth (white)')],
    },
    {
      name: 'Cocktail Table 30in',
      category: TABLES,
      description: 'Standing-height round table, 42in tall.',
      quantity: 12,
      pricing: daily(1500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      feet: [2.5, 2.5, 3.5],
    },
    // Linens
    {
      name: 'Tablecloth (white)',
      category: LINENS,
      description: 'White polyester cloth for an 8ft banquet or a 60in round table.',
      quantity: 60,
      pricing: daily(800),
      recoveryMinutes: 240,
    },
    {
      name: 'Round Tablecloth 120in (ivory)',
      category: LINENS,
      description: 'Floor-length ivory cloth for a 60in round table.',
      quantity: 40,
      pricing: daily(1500),
      recoveryMinutes: 240,
    },
    {
      name: 'Spandex Chair Cover (white)',
      category: LINENS,
      description: 'Fitted stretch cover for our white folding chairs.',
      quantity: 150,
      pricing: daily(300),
      recoveryMinutes: 240,
    },
    // Concessions
    {
      name: 'Cotton Candy Machine',
      category: CONCESSIONS,
      description: 'Commercial spinner with a bubble shield; makes a cone every 30 seconds.',
      quantity: 4,
      pricing: daily(7500, 11000),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      recoveryMinutes: 60,
      powerNeeds: '120 V, 15 A dedicated circuit',
      setupMinutes: 10,
      accessories: [suggested('Cotton Candy Servings (50)')],
    },
    {
      name: 'Popcorn Machine',
      category: CONCESSIONS,
      description: '8 oz kettle on a cart; about 100 servings an hour.',
      quantity: 4,
      pricing: daily(7500, 11000),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      recoveryMinutes: 60,
      powerNeeds: '120 V, 15 A dedicated circuit',
      setupMinutes: 10,
      accessories: [suggested('Popcorn Servings (50)')],
    },
    {
      name: 'Snow Cone Machine',
      category: CONCESSIONS,
      description: 'Shaves a cooler of ice in minutes; syrups sold separately.',
      quantity: 4,
      pricing: daily(6500, 9500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      recoveryMinutes: 60,
      powerNeeds: '120 V, 15 A',
      setupMinutes: 10,
      accessories: [suggested('Snow Cone Syrup & Cups (50)')],
    },
    {
      name: 'Cotton Candy Servings (50)',
      category: CONCESSIONS,
      type: 'sale',
      description: 'Floss sugar in two flavours and 50 paper cones.',
      quantity: 0,
      pricing: flat(4500),
    },
    {
      name: 'Popcorn Servings (50)',
      category: CONCESSIONS,
      type: 'sale',
      description: 'Pre-measured kernel, oil and salt packs with 50 bags.',
      quantity: 0,
      pricing: flat(4000),
    },
    {
      name: 'Snow Cone Syrup & Cups (50)',
      category: CONCESSIONS,
      type: 'sale',
      description: 'Two quarts of syrup (cherry and blue raspberry) and 50 cups.',
      quantity: 0,
      pricing: flat(4500),
    },
    {
      name: 'Carnival Treats Package',
      category: CONCESSIONS,
      description: 'Cotton candy, popcorn and snow cone machines together.',
      pricing: daily(17500, 26000),
      components: [
        { product: 'Cotton Candy Machine', quantity: 1 },
        { product: 'Popcorn Machine', quantity: 1 },
        { product: 'Snow Cone Machine', quantity: 1 },
      ],
    },
    // Games
    {
      name: 'Obstacle Course 40ft',
      category: GAMES,
      description: 'Two lanes of pop-ups, tunnels and a climb-and-slide finish.',
      units: units('Obstacle Course', 4),
      pricing: daily(39500, 59000, 71000, 17000),
      securityDeposit: 15000,
      ...INFLATABLE,
      recoveryMinutes: 30,
      feet: [40, 10, 14],
      powerNeeds: TWO_BLOWERS,
      capacity: 'Two racers at a time, ages 5 and up',
      anchorPoints: 8,
      setupMinutes: 45,
      accessories: [blower(2), ...INFLATABLE_SUGGESTIONS],
      surfaceRules: DRY_INFLATABLE,
    },
    {
      name: 'Dunk Tank',
      category: GAMES,
      description: '500-gallon tank with a seat that drops when the target is hit.',
      quantity: 4,
      pricing: daily(29500, 44000),
      securityDeposit: 10000,
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      recoveryMinutes: 120,
      feet: [8, 6, 9],
      capacity: 'One sitter up to 300 lb',
      setupMinutes: 60,
      crewSize: 2,
      surfaceRules: DUNK_TANK,
    },
    {
      name: 'Giant Connect Four',
      category: GAMES,
      description: 'Four-in-a-row on a 4 ft frame.',
      quantity: 4,
      pricing: daily(4500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
      feet: [4, 2, 4],
    },
    {
      name: 'Cornhole Set',
      category: GAMES,
      description: 'Two regulation boards and eight bags.',
      quantity: 6,
      pricing: daily(3500),
      bufferBeforeMinutes: 60,
      bufferAfterMinutes: 60,
    },
    {
      name: 'Photo Booth',
      category: GAMES,
      description: 'Open-air booth with unlimited prints, props and an online gallery; staffed.',
      quantity: 1,
      pricing: hourly(3, 45000, 12500),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 60,
      powerNeeds: '120 V, 15 A within 25 ft',
      setupMinutes: 45,
      crewSize: 1,
    },
    // Generators and extras
    {
      name: 'Generator 5500W',
      category: EXTRAS,
      description: 'Runs two blowers for 8 hours on a tank; includes fuel.',
      quantity: 4,
      pricing: daily(9000, 13500),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      powerNeeds: 'Supplies 2 × 20 A circuits',
      setupMinutes: 10,
    },
    {
      name: 'Quiet Generator 2200W',
      category: EXTRAS,
      description: 'Inverter generator for a concession machine or a DJ.',
      quantity: 3,
      pricing: daily(6500, 9500),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      powerNeeds: 'Supplies 1 × 15 A circuit',
      setupMinutes: 5,
    },
    {
      name: CORD,
      category: EXTRAS,
      description: '12-gauge outdoor cord for when the outlet is far from the unit.',
      quantity: 20,
      pricing: daily(1000),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
    },
    {
      name: BLOWER,
      category: EXTRAS,
      description: 'The blower that keeps a unit up; every inflatable goes out with its own.',
      quantity: 24,
      pricing: daily(2500),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      powerNeeds: '120 V, 10 A',
      showInStore: false,
    },
    {
      name: STAKE,
      category: EXTRAS,
      description: 'Steel stake for inflatables and canopies on grass.',
      quantity: 300,
      pricing: daily(0),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      showInStore: false,
    },
    {
      name: TENT_STAKE,
      category: EXTRAS,
      description: 'Heavy tent stake for pole and frame tents.',
      quantity: 150,
      pricing: daily(0),
      ...TENT,
      showInStore: false,
    },
    {
      name: SANDBAG,
      category: EXTRAS,
      description: 'Anchors inflatables and tents where stakes cannot go.',
      quantity: 160,
      pricing: daily(0),
      bufferBeforeMinutes: 90,
      bufferAfterMinutes: 90,
      showInStore: false,
    },
    {
      name: BALLAST,
      category: EXTRAS,
      description: 'A 55-gallon barrel filled on site, strapped to a tent leg.',
      quantity: 40,
      pricing: daily(0),
      ...TENT,
      showInStore: false,
    },
    {
      name: 'Party Attendant',
      category: EXTRAS,
      type: 'service',
      description: 'A trained attendant to supervise the inflatables, 2-hour minimum.',
      quantity: 0,
      pricing: hourly(2, 7000, 3000),
      setupMinutes: 0,
    },
    {
      name: 'Event Cleanup',
      category: EXTRAS,
      type: 'service',
      description: 'Our crew clears trash and wipes tables after the party.',
      quantity: 0,
      pricing: flat(7500),
      setupMinutes: 45,
      crewSize: 2,
    },
  ],
  downtimes: [
    {
      product: 'Castle Bounce House 15x15',
      unit: 'Castle #3',
      quantity: 1,
      reason: 'repair',
      hard: true,
      fromDays: -4,
      untilDays: null,
      note: 'Seam torn on the left turret; at the repair shop, no date back yet.',
    },
    {
      product: 'Tropical Water Slide 18ft',
      quantity: 1,
      reason: 'cleaning',
      hard: false,
      fromDays: -1,
      untilDays: 1,
      note: 'Mildew spots in the splash pool: deep clean before its next rental.',
    },
  ],
};

const TENTS_AND_SEATING = 'Tents & Seating';
const PARTY_RENTALS = 'Party Rentals';

const sunshineItem = (
  category: string,
  name: string,
  quantity: number,
  dayAmount: number,
  extra: Partial<SeedProduct> = {},
): SeedProduct => ({
  name,
  category,
  description: `${name}, delivered and set up by our crew.`,
  quantity,
  pricing: daily(dayAmount),
  ...extra,
});

/** Sunshine: a small tent company that also rents what its orders name (one of each). */
const sunshine: SeedInventory = {
  account: SUNSHINE,
  categories: [
    { name: TENTS_AND_SEATING, description: 'Tents, tables, chairs and linens.' },
    { name: PARTY_RENTALS, description: 'Inflatables, games, concessions and power.' },
  ],
  surfaces: [],
  products: [
    sunshineItem(TENTS_AND_SEATING, 'Frame Tent 20x20', 2, 42500, TENT),
    sunshineItem(TENTS_AND_SEATING, 'Pole Tent 20x40', 2, 65000, TENT),
    sunshineItem(TENTS_AND_SEATING, 'Folding Chair (white)', 200, 250),
    sunshineItem(TENTS_AND_SEATING, 'Round Table 60in', 24, 1200),
    sunshineItem(TENTS_AND_SEATING, 'Banquet Table 8ft', 16, 1100),
    sunshineItem(TENTS_AND_SEATING, 'Tablecloth (white)', 40, 800, { recoveryMinutes: 240 }),
    sunshineItem(PARTY_RENTALS, 'Castle Bounce House 15x15', 1, 22500, INFLATABLE),
    sunshineItem(PARTY_RENTALS, 'Princess Combo Bouncer', 1, 27500, INFLATABLE),
    sunshineItem(PARTY_RENTALS, 'Tropical Water Slide 18ft', 1, 32500, WET),
    sunshineItem(PARTY_RENTALS, 'Obstacle Course 40ft', 1, 39500, INFLATABLE),
    sunshineItem(PARTY_RENTALS, 'Dunk Tank', 1, 29500),
    sunshineItem(PARTY_RENTALS, 'Cotton Candy Machine', 1, 7500),
    sunshineItem(PARTY_RENTALS, 'Popcorn Machine', 1, 7500),
    sunshineItem(PARTY_RENTALS, 'Snow Cone Machine', 1, 6500),
    sunshineItem(PARTY_RENTALS, 'Generator 5500W', 2, 9000),
  ],
  downtimes: [],
};

export const INVENTORIES: readonly SeedInventory[] = [bounceKingdom, sunshine];
