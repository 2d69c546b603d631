import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { spreadApart, timeDomain, timeLabels, TrendLineChart, type ChartSeries } from './trend-line-chart';

const DAY = 86_400_000;
const NOV_24 = Date.parse('2026-11-24T09:00:00Z');

function line(key: string, points: [time: number, value: number][]): ChartSeries {
  return { key, label: key, color: '#0f766e', points: points.map(([time, value], id) => ({ id, time, value })) };
}

function drawn(container: HTMLElement) {
  const axis = [...container.querySelectorAll<HTMLElement>('[data-axis-label]')].map((label) => label.textContent);
  const xs = [...container.querySelectorAll('polyline')].flatMap((polyline) => polyline.getAttribute('points')!.split(' ').map((point) => Number(point.split(',')[0])));
  const values = [...container.querySelectorAll('[data-point-value]')].map((label) => label.textContent);
  return { axis, xs, values };
}

describe('TrendLineChart', () => {
  it('after the first scan: a dot per line in the middle, its value beside it, the date once, and the note', () => {
    const { container } = render(
      <TrendLineChart series={[line('contacts', [[NOV_24, 82]]), line('companies', [[NOV_24, 55]])]} summary="Health after one scan" singleMomentNote="One scan so far." />,
    );
    const { axis, xs, values } = drawn(container);
    expect(axis).toHaveLength(1);
    expect(xs).toEqual([50, 50]);
    expect(values).toEqual(['82', '55']);
    expect(screen.getByText('One scan so far.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Health after one scan' })).toBeInTheDocument();
  });

  it('four scans minutes apart stay together under one date, not spread over the width with the date four times', () => {
    const times = [0, 1, 2, 3].map((i) => NOV_24 + i * 10 * 60_000);
    const { container } = render(<TrendLineChart series={[line('contacts', times.map((time, i) => [time, 60 + i]))]} summary="Four scans" singleMomentNote="One scan so far." />);
    const { axis, xs, values } = drawn(container);
    expect(axis).toHaveLength(1);
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(5);
    // Several moments: values are read from the line, and the first-scan note is not said.
    expect(values).toEqual([]);
    expect(screen.queryByText('One scan so far.')).not.toBeInTheDocument();
  });

  it('over three months: oldest at the left edge, newest at the right, at most four dates and none twice', () => {
    const times = Array.from({ length: 30 }, (_, i) => NOV_24 - (29 - i) * 3 * DAY);
    const { container } = render(<TrendLineChart series={[line('contacts', times.map((time) => [time, 70]))]} summary="Three months" />);
    const { axis, xs } = drawn(container);
    expect(xs[0]).toBe(0);
    expect(xs.at(-1)).toBe(100);
    expect(axis.length).toBeGreaterThanOrEqual(3);
    expect(axis.length).toBeLessThanOrEqual(4);
    expect(new Set(axis).size).toBe(axis.length);
  });
});

describe('chart axis', () => {
  it('spans at least a day, centred on the data', () => {
    expect(timeDomain([NOV_24])).toEqual({ start: NOV_24 - DAY / 2, end: NOV_24 + DAY / 2 });
    expect(timeDomain([NOV_24, NOV_24 + 5 * DAY])).toEqual({ start: NOV_24, end: NOV_24 + 5 * DAY });
  });

  it('labels the days that have scans when there are few, and leaves out a label that would crowd the one before', () => {
    const format = (time: number) => `day ${Math.floor((time - NOV_24) / DAY)}`;
    const end = NOV_24 + 30 * DAY;
    expect(timeLabels([NOV_24, NOV_24 + 15 * DAY, end], NOV_24, end, format).map((label) => label.label)).toEqual(['day 0', 'day 15', 'day 30']);
    // Day 1 sits 3% from day 0: it is left out rather than printed over it.
    expect(timeLabels([NOV_24, NOV_24 + DAY, end], NOV_24, end, format).map((label) => label.label)).toEqual(['day 0', 'day 30']);
  });

  it('moves value labels at one moment apart so that none overlaps another', () => {
    const placed = spreadApart([50, 52, 51, 10]);
    expect(placed[3]).toBe(10);
    const middle = [placed[0]!, placed[1]!, placed[2]!].sort((a, b) => a - b);
    expect(middle[1]! - middle[0]!).toBeGreaterThanOrEqual(8);
    expect(middle[2]! - middle[1]!).toBeGreaterThanOrEqual(8);
  });
});
