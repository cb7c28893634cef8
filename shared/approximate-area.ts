// Which points only stand for an area. Apart from
// location.ts, which brings zod: the listing cards' page imports this, and zod is not on it.

/** The area a point only stands for (its ZIP's or its city's centre), or null when the point is the place itself. */
export function approximateArea(precision: string | null | undefined): "zip" | "city" | null {
  return precision === "zip" || precision === "city" ? precision : null;
}
