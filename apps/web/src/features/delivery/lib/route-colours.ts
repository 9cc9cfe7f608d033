/** Route colours on the board and the map: distinct, and dark enough on white for lines. */
const ROUTE_COLOURS = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490'];
/** Stops on no route. */
export const UNASSIGNED_COLOUR = '#6b7280';

export function routeColour(index: number): string {
  return ROUTE_COLOURS[index % ROUTE_COLOURS.length] as string;
}
