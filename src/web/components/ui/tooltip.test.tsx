import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY, Tooltip, TooltipProvider } from './tooltip';

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="First tip">
        <button type="button">One</button>
      </Tooltip>
      <Tooltip content="Second tip">
        <button type="button">Two</button>
      </Tooltip>
    </TooltipProvider>,
  );
}

describe('tooltip', () => {
  it('keeps SPEC.md section 9: open delay 700 ms, skip delay 300 ms', () => {
    expect(TOOLTIP_DELAY).toBe(700);
    expect(TOOLTIP_SKIP_DELAY).toBe(300);
  });

  it('opens 700 ms after the pointer arrives and describes its trigger', () => {
    vi.useFakeTimers();
    renderTwo();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'One' }));
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('First tip');
    expect(screen.getByRole('button', { name: 'One' })).toHaveAccessibleDescription('First tip');
  });

  it('opens the next one at once within 300 ms of the last closing, and waits again after that', () => {
    vi.useFakeTimers();
    renderTwo();
    const one = screen.getByRole('button', { name: 'One' });
    const two = screen.getByRole('button', { name: 'Two' });
    fireEvent.pointerEnter(one);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY));
    fireEvent.pointerLeave(one);
    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerEnter(two);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
    fireEvent.pointerLeave(two);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerEnter(one);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens on keyboard focus at once and closes on Escape', () => {
    renderTwo();
    act(() => screen.getByRole('button', { name: 'Two' }).focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Second tip');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
