import { describe, expect, it } from 'vitest';
import { placeTourCard, type Box } from './tour-placement';

const card = { width: 320, height: 230 };

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

describe('where the tour card goes', () => {
  it('never covers its target and stays on screen, wherever the target is, at 1280, 1440 and 390 px', () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      for (let left = 0; left < viewport.width - 40; left += 37) {
        for (let top = 0; top < viewport.height - 40; top += 41) {
          const target = { top, left, width: 40, height: 36 };
          const spot = placeTourCard(target, card, viewport);
          const placed = { ...spot, ...card };
          expect(overlaps(placed, target), JSON.stringify({ viewport, target, spot })).toBe(false);
          expect(spot.left).toBeGreaterThanOrEqual(0);
          expect(spot.top).toBeGreaterThanOrEqual(0);
          expect(spot.left + card.width).toBeLessThanOrEqual(viewport.width);
          expect(spot.top + card.height).toBeLessThanOrEqual(viewport.height);
        }
      }
    }
  });

  it('puts the card beside a sidebar link, to its right', () => {
    const link = { top: 80, left: 12, width: 232, height: 40 };
    expect(placeTourCard(link, card, { width: 1280, height: 800 })).toEqual({ top: 80, left: 256 });
  });

  it("keeps the page's heading readable: beside the first sidebar link, the card slides down below the heading", () => {
    const link = { top: 70, left: 12, width: 232, height: 40 };
    const heading = { top: 84, left: 280, width: 200, height: 40 };
    const spot = placeTourCard(link, card, { width: 1280, height: 800 }, [heading]);
    expect(spot).toEqual({ top: 136, left: 256 });
    expect(overlaps({ ...spot, ...card }, heading)).toBe(false);
    expect(overlaps({ ...spot, ...card }, link)).toBe(false);
  });

  it('covers the heading rather than the target when there is no other room', () => {
    const viewport = { width: 400, height: 300 };
    const target = { top: 0, left: 0, width: 60, height: 40 };
    const heading = { top: 0, left: 0, width: 400, height: 290 };
    const spot = placeTourCard(target, card, viewport, [heading]);
    expect(overlaps({ ...spot, ...card }, target)).toBe(false);
  });

  it('puts the card to the left of the Tour button in the top right corner, where there is no room to its right', () => {
    const button = { top: 12, left: 1180, width: 80, height: 36 };
    expect(placeTourCard(button, card, { width: 1280, height: 800 })).toEqual({ top: 12, left: 848 });
  });

  it('puts the card below a target that spans the screen', () => {
    const banner = { top: 0, left: 0, width: 390, height: 60 };
    expect(placeTourCard(banner, card, { width: 390, height: 844 })).toEqual({ top: 72, left: 12 });
  });

  it('without a target on screen (the sidebar on a phone) sits at the bottom, clear of the page heading', () => {
    expect(placeTourCard(null, card, { width: 390, height: 844 })).toEqual({ top: 844 - 230 - 12, left: 35 });
  });
});
