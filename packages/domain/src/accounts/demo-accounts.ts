// The demo data's two businesses, named once: the server seeds them, tests and benches find
// them by name.
export const BOUNCE_KINGDOM = 'Bounce Kingdom Party Rentals';
export const SUNSHINE = 'Sunshine Tents & Events';
/** The owner's own mobile, which click-to-call rings first (a simulated phone in the sandbox). */
export const OWNER_MOBILE = '+15550109001';
