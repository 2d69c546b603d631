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
 * with room), never over it, so the user sees what the step is about. Without a target on
 * screen (the sidebar on a phone) the card sits at the bottom, clear of the page's heading.
 */
export function placeTourCard(target: Box | null, card: Size, viewport: Size): { top: number; left: number } {
  const centredLeft = Math.max(GAP, (viewport.width - card.width) / 2);
  if (!target) return { top: Math.max(GAP, viewport.height - card.height - GAP), left: centredLeft };

  const alongY = clamp(target.top, GAP, viewport.height - card.height - GAP);
  const alongX = clamp(target.left, GAP, viewport.width - card.width - GAP);
  const candidates: { top: number; left: number }[] = [
    { top: alongY, left: target.left + target.width + GAP },
    { top: alongY, left: target.left - card.width - GAP },
    { top: target.top + target.height + GAP, left: alongX },
    { top: target.top - card.height - GAP, left: alongX },
  ];
  for (const spot of candidates) {
    const box = { ...spot, ...card };
    if (fitsOnScreen(box, viewport) && !overlaps(box, target)) return spot;
  }
  // A target taller or wider than the room beside it: the larger strip above or below it.
  const roomBelow = viewport.height - (target.top + target.height);
  return roomBelow >= target.top
    ? { top: Math.min(target.top + target.height + GAP, Math.max(GAP, viewport.height - card.height - GAP)), left: alongX }
    : { top: Math.max(GAP, target.top - card.height - GAP), left: alongX };
}
