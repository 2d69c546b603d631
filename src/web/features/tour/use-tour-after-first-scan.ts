import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLastScan } from '../scans/api/get-last-scan';
import { tour } from './tour-state';

/**
 * Offers the main tour once there is something to show: after the first scan has results,
 * and not during the set-up on /onboarding (the tour points at screens that are still empty
 * before then).
 */
export function useTourAfterFirstScan(): void {
  const { pathname } = useLocation();
  const lastScan = useLastScan();
  const run = lastScan.data?.lastScan;
  const scanned = run ? run.status === 'completed' || run.results.length > 0 : false;
  const settingUp = pathname.endsWith('/onboarding');
  useEffect(() => {
    if (scanned && !settingUp) tour.startOnFirstVisit();
  }, [scanned, settingUp]);
}
