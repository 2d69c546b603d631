export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

const GAP = 12;

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

function fitsOnScreen(card: Box, viewport: Size): boolean {
  return card.left >= 0 && card.top >= 0 && card.left + card.width <= viewport.width && card.top + card.height <= viewport.height;
}

/**
 * Where the tour card goes: beside its target (right, left, below, above: the first side
 * with room), never over it, so the user sees what the step is about. It also keeps clear of
 * `avoid` (the page's heading) where it can, sliding down the target's side if it must.
 * Without a target on screen (the sidebar on a phone) the card sits at the bottom, clear of
 * the page's heading.
 */
export function placeTourCard(target: Box | null, card: Size, viewport: Size, avoid: readonly Box[] = []): { top: number; left: number } {
  const centredLeft = Math.max(GAP, (viewport.width - card.width) / 2);
  if (!target) return { top: Math.max(GAP, viewport.height - card.height - GAP), left: centredLeft };

  const alongY = clamp(target.top, GAP, viewport.height - card.height - GAP);
  const alongX = clamp(target.left, GAP, viewport.width - card.width - GAP);
  const candidates: { top: number; left: number; side: boolean }[] = [
    { top: alongY, left: target.left + target.width + GAP, side: true },
    { top: alongY, left: target.left - card.width - GAP, side: true },
    { top: target.top + target.height + GAP, left: alongX, side: false },
    { top: target.top - card.height - GAP, left: alongX, side: false },
  ];
  const usable = (spot: { top: number; left: number }, keepClear: readonly Box[]) => {
    const box = { ...spot, ...card };
    return fitsOnScreen(box, viewport) && !overlaps(box, target) && !keepClear.some((other) => overlaps(box, other));
  };
  for (const keepClear of [avoid, []]) {
    for (const { side, ...spot } of candidates) {
      if (usable(spot, keepClear)) return spot;
      // Beside the target but over the heading: the same side, just below the heading.
      const blocking = keepClear.filter((other) => overlaps({ ...spot, ...card }, other));
      if (side && blocking.length > 0) {
        const lower = { top: Math.max(...blocking.map((other) => other.top + other.height)) + GAP, left: spot.left };
        if (usable(lower, keepClear)) return lower;
      }
    }
  }
  // A target taller or wider than the room beside it: the larger strip above or below it.
  const roomBelow = viewport.height - (target.top + target.height);
  return roomBelow >= target.top
    ? { top: Math.min(target.top + target.height + GAP, Math.max(GAP, viewport.height - card.height - GAP)), left: alongX }
    : { top: Math.max(GAP, target.top - card.height - GAP), left: alongX };
}
