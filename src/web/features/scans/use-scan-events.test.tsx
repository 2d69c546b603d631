import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { FakeEventSource, scanRun } from './scan-fixtures';
import { SCAN_POLL_MS, useScanEvents } from './use-scan-events';

describe('useScanEvents', () => {
  it('follows the event stream, with cookies, and finishes once on done', () => {
    FakeEventSource.install();
    fakeApi();
    const onFinish = vi.fn();
    const { result } = renderHook(() => useScanEvents(77, onFinish));
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/scans/77/events');
    expect(source.withCredentials).toBe(true);
    expect(result.current).toEqual({ run: null, transport: 'events' });

    act(() => source.emit('progress', scanRun({}, { percent: 40, message: 'Fetching contacts from HubSpot' })));
    expect(result.current.run?.progress.percent).toBe(40);

    const done = scanRun({ status: 'completed' }, { phase: 'done', percent: 100, message: 'Scan complete' });
    act(() => {
      source.emit('progress', done);
      source.emit('done', done);
    });
    expect(onFinish).toHaveBeenCalledOnce();
    expect(onFinish).toHaveBeenCalledWith(done);
    expect(source.closed).toBe(true);
  });

  it('ignores events of another run and messages it cannot read', () => {
    FakeEventSource.install();
    fakeApi();
    const { result } = renderHook(() => useScanEvents(77, vi.fn()));
    const source = FakeEventSource.latest();
    act(() => {
      source.emit('progress', scanRun({ id: 12 }, { percent: 90 }));
      source.dispatchEvent(new MessageEvent('progress', { data: 'not json' }));
    });
    expect(result.current.run).toBeNull();
  });

  it('falls back to polling GET /api/scans/:id every 2 s when the stream errors', async () => {
    vi.useFakeTimers();
    FakeEventSource.install();
    let percent = 10;
    const api = fakeApi({ 'GET /api/scans/77': () => json(percent >= 100 ? scanRun({ status: 'completed' }, { percent: 100 }) : scanRun({}, { percent })) });
    const onFinish = vi.fn();
    const { result } = renderHook(() => useScanEvents(77, onFinish));
    act(() => FakeEventSource.latest().fail());
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(result.current.transport).toBe('polling');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.callsTo('GET', '/api/scans/77')).toHaveLength(1);
    expect(result.current.run?.progress.percent).toBe(10);

    percent = 60;
    await act(() => vi.advanceTimersByTimeAsync(SCAN_POLL_MS - 1));
    expect(api.callsTo('GET', '/api/scans/77')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.callsTo('GET', '/api/scans/77')).toHaveLength(2);
    expect(result.current.run?.progress.percent).toBe(60);

    percent = 100;
    await act(() => vi.advanceTimersByTimeAsync(SCAN_POLL_MS));
    expect(onFinish).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(SCAN_POLL_MS * 3));
    expect(api.callsTo('GET', '/api/scans/77')).toHaveLength(3);
  });

  it('polls from the start where there is no EventSource, and stops when unmounted', async () => {
    const api = fakeApi({ 'GET /api/scans/5': () => json(scanRun({ id: 5 }, { percent: 25 })) });
    const { result, unmount } = renderHook(() => useScanEvents(5, vi.fn()));
    expect(result.current.transport).toBe('polling');
    await waitFor(() => expect(result.current.run?.progress.percent).toBe(25));
    unmount();
    expect(api.callsTo('GET', '/api/scans/5')).toHaveLength(1);
  });

  it('does nothing without a run', () => {
    FakeEventSource.install();
    const { result } = renderHook(() => useScanEvents(null, vi.fn()));
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(result.current).toEqual({ run: null, transport: null });
  });
});
