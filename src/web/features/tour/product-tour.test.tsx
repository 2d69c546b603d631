import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductTour } from './product-tour';
import { TOUR_STORAGE_KEYS, tour } from './tour-state';
import { TOURS } from './tour-steps';

const steps = TOURS.main!;

describe('the product tour', () => {
  it('starts by itself on a first visit, once', () => {
    render(<ProductTour />);
    act(() => tour.startOnFirstVisit());
    expect(screen.getByRole('dialog', { name: steps[0]!.title })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOUR_STORAGE_KEYS.firstVisit)).not.toBeNull();
    act(() => tour.skip());
    act(() => tour.startOnFirstVisit());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('steps forward and back, and ending it marks it completed in local storage', async () => {
    const user = userEvent.setup();
    render(<ProductTour />);
    act(() => tour.start());
    expect(screen.getByText(`Step 1 of ${steps.length}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: steps[1]!.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(`Step 1 of ${steps.length}`)).toBeInTheDocument();
    for (let k = 1; k < steps.length; k++) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(TOUR_STORAGE_KEYS.completed)!)).toEqual(['main']);
  });

  it('skipping (or Escape) closes it without marking it completed; starting again begins at step 1', async () => {
    const user = userEvent.setup();
    render(<ProductTour />);
    act(() => tour.start());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOUR_STORAGE_KEYS.completed)).toBeNull();
    act(() => tour.start());
    expect(screen.getByText(`Step 1 of ${steps.length}`)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not start on a first visit once the main tour was completed', () => {
    window.localStorage.setItem(TOUR_STORAGE_KEYS.completed, JSON.stringify(['main']));
    act(() => tour.reset());
    render(<ProductTour />);
    act(() => tour.startOnFirstVisit());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
