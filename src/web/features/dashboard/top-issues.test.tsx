import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { objectHealth } from './dashboard-fixtures';
import { whyPropertyMatters } from '../../../shared/issue-advice';
import { rankIssues, TopIssues } from './top-issues';

describe('rankIssues', () => {
  it('puts duplicates first, then each object type’s worst gap before anyone’s second', () => {
    const contacts = objectHealth({
      topIssues: [
        { kind: 'duplicates', label: 'dupes', records: 10, share: 0.01 },
        { kind: 'missing-values', property: 'email', label: 'Email missing', records: 100, share: 0.1 },
        { kind: 'missing-values', property: 'jobtitle', label: 'Job title missing', records: 900, share: 0.9 },
      ],
    });
    const deals = objectHealth({ objectType: 'deals', topIssues: [{ kind: 'missing-values', property: 'amount', label: 'Amount missing', records: 50, share: 0.05 }] });
    expect(rankIssues([contacts, deals]).map((r) => r.issue.label)).toEqual(['dupes', 'Email missing', 'Amount missing', 'Job title missing']);
    expect(rankIssues([contacts, deals], 2)).toHaveLength(2);
  });
});

describe('TopIssues', () => {
  it('says so when nothing stands out', () => {
    render(
      <MemoryRouter>
        <TopIssues objects={[objectHealth({ topIssues: [] })]} basePath="" />
      </MemoryRouter>,
    );
    expect(screen.getByText(/No issues stand out in the latest scan/)).toBeInTheDocument();
  });

  it('explains a property it has no words for in general terms', () => {
    expect(whyPropertyMatters('favourite_colour')).toBe('Records missing it are harder to segment, report on and match as duplicates.');
    expect(whyPropertyMatters(undefined)).toBe(whyPropertyMatters('favourite_colour'));
  });
});
