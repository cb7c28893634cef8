/** A horizontal swipe of at least this many CSS pixels turns the page; less is a tap or a wobble. */
export const SWIPE_MIN_PX = 50;

/**
 * Which way a finger moved from `start` to `end`: -1 to the next photo (swiped left), 1 to the
 * previous (swiped right), 0 when it moved too little or more up and down than across.
 */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? -1 : 1;
}
