import { expect, type Page } from '@playwright/test';

/** The widths every screen is laid out for (issue 22): a laptop, a desktop and a phone. */
export const WIDTHS = [1280, 1440, 390] as const;

/**
 * The attribute a deliberately scrollable wide table's frame carries: it scrolls sideways and
 * shows a shadow at the edge that has more (the `scroll-shadows` utility). Anything else that
 * is wider than the space it sits in is a layout fault.
 */
export const SCROLL_CUE_ATTRIBUTE = 'data-scroll-cue';

/**
 * What is wrong with the page's layout as it is drawn now, in words (empty when nothing is):
 * - the page itself scrolls sideways;
 * - an element reaches past the right edge of the frame that clips or scrolls it, unless that
 *   frame is a cued scrollable table wrapper (text cut with an ellipsis on purpose aside);
 * - a value cell (td, th, dd) is narrower than the longest word it holds, so that word is
 *   broken across lines or spills out.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((cueAttribute) => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const label = element.getAttribute('aria-label');
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}>${label ? ` [${label}]` : ''} "${text}"`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Named by the innermost elements that reach past the page's right edge: those that widen it.
      const past = (element: Element) => visible(element) && element.getBoundingClientRect().right > root.clientWidth + 1;
      const widening = Array.from(document.body.querySelectorAll('*')).filter((element) => past(element) && !Array.from(element.children).some(past));
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px, widened by ${widening.slice(0, 3).map(describe).join(', ')}`);
    }

    // Frames that clip or scroll sideways, and whether each is a deliberate, cued one.
    const clips = (element: Element) => {
      const overflow = getComputedStyle(element).overflowX;
      return overflow !== 'visible';
    };
    // Reported once, at the outermost element that is out of place: its content is too.
    const reported = new Set<Element>();
    const insideReported = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) if (reported.has(up)) return true;
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(element) || element.closest('[aria-hidden="true"], .sr-only') || insideReported(element)) continue;
      const style = getComputedStyle(element);
      if (style.position === 'fixed') continue;
      // A frame that clips its own text sideways.
      if (clips(element) && element.scrollWidth > element.clientWidth + 1 && !element.hasAttribute(cueAttribute) && style.textOverflow !== 'ellipsis') {
        problems.push(`${describe(element)} cuts off ${element.scrollWidth - element.clientWidth} px of its content`);
        reported.add(element);
        continue;
      }
      let frame = element.parentElement;
      while (frame && frame !== document.body && !clips(frame)) frame = frame.parentElement;
      if (!frame || frame === document.body || frame.hasAttribute(cueAttribute) || getComputedStyle(frame).textOverflow === 'ellipsis') continue;
      if (frame.closest(`[${cueAttribute}]`)) continue;
      const box = element.getBoundingClientRect();
      const frameBox = frame.getBoundingClientRect();
      const frameRight = frameBox.left + frame.clientLeft + frame.clientWidth;
      if (box.right > frameRight + 1 && box.left < frameRight) {
        problems.push(`${describe(element)} reaches ${Math.round(box.right - frameRight)} px past the edge of ${describe(frame)}`);
        reported.add(element);
      }
    }

    // Value cells: the longest word must fit the cell's content box.
    // Each word as the browser drew it: broken over lines (more than one box), or reaching past the cell's content box.
    const range = document.createRange();
    for (const cell of Array.from(document.body.querySelectorAll('td, th, dd, [role="cell"]'))) {
      if (!visible(cell) || cell.closest('.sr-only, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(cell);
      const box = cell.getBoundingClientRect();
      const contentRight = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (parent.closest('.sr-only, [aria-hidden="true"]') || !visible(parent)) continue;
        const text = node.textContent ?? '';
        // A word ends at a space, or after a hyphen, where browsers may break too.
        for (const match of text.matchAll(/[^\s-]+-*|-+/g)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const boxes = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          const lines = new Set(boxes.map((rect) => Math.round(rect.top))).size;
          const right = Math.max(...boxes.map((rect) => rect.right));
          if (lines > 1 || right > contentRight + 1) {
            problems.push(`${describe(cell)} is narrower than its word "${match[0]}"${lines > 1 ? `, broken over ${lines} lines` : `, which reaches ${Math.round(right - contentRight)} px past it`}`);
          }
        }
      }
    }
    return [...new Set(problems)].slice(0, 20);
  }, SCROLL_CUE_ATTRIBUTE);
}

/** Asserts the page is laid out without sideways scrolling, clipped content or words broken letter by letter. */
export async function expectCleanLayout(page: Page, where: string): Promise<void> {
  // Soft: one run lists every screen and width that is wrong, not only the first.
  expect.soft(await layoutProblems(page), `layout of ${where} at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}
