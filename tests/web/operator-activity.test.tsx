import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '../../src/contract/operator-activity';
import { API_PATHS } from '../../src/contract/paths';
import { renderApp, preloadPages } from './helpers';
import { answerOperatorCalls, manager } from './operator-fixtures';

preloadPages('/operator/activity');

function entry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 7,
    // 14:30 in London (GMT in December).
    at: '2026-12-01T14:30:00.000Z',
    operator_id: 4,
    operator_name: 'Sam Patel',
    company_id: 1,
    kind: 'drivers',
    subject: 'Ada Activity',
    summary: 'Driver changed',
    before: { name: 'Ada Activity', mobile: '07700 900100', active: true },
    after: { name: 'Ada Activity', mobile: '07700 900200', active: false },
    ...overrides,
  };
}

function answerActivity(pages: Record<string, ActivityPage>) {
  return answerOperatorCalls({
    me: manager,
    other: (request) =>
      request.path === API_PATHS.operatorActivity
        ? { body: { success: true, data: pages[request.query.get('before') ?? ''] } }
        : undefined,
  });
}

const people = [
  { id: 4, name: 'Sam Patel' },
  { id: 9, name: 'Priya Shah' },
];

describe('the Activity page', () => {
  it('shows each change with when, who, kind, what, and the fields it changed before → after', async () => {
    answerActivity({ '': { entries: [entry()], next: null, people } });
    renderApp('/operator/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Changes made in the console, newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['When', 'Who', 'Kind', 'What', 'Before → after']);
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = [within(row!).getByRole('rowheader'), ...within(row!).getAllByRole('cell')].map(
      (cell) => cell.textContent,
    );
    expect(cells.slice(0, 4)).toEqual([
      'Tue 1 Dec 2026, 14:30',
      'Sam Patel',
      'Drivers',
      'Ada ActivityDriver changed',
    ]);
    // Only what changed: the name stayed, so it is not listed.
    expect(
      within(row!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['mobile: 07700 900100 → 07700 900200', 'active: true → false']);
  });

  it('filters by person and kind through the URL and the API, with the people the log names', async () => {
    const server = answerActivity({ '': { entries: [entry()], next: null, people } });
    const { user, router } = renderApp('/operator/activity');
    await screen.findByRole('table');
    const person = screen.getByLabelText('Person');
    expect(
      within(person)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone', 'Sam Patel', 'Priya Shah']);
    await user.selectOptions(person, '9');
    await user.selectOptions(screen.getByLabelText('Kind'), 'bookings');
    await waitFor(() =>
      expect(server.to(API_PATHS.operatorActivity).at(-1)?.query.toString()).toBe(
        'operator_id=9&kind=bookings',
      ),
    );
    expect(router.state.location.search).toBe('?operator_id=9&kind=bookings');
    expect(screen.getByLabelText('From date')).toBeTruthy();
    expect(screen.getByLabelText('To date')).toBeTruthy();
  });

  it('shows older changes on asking, from where the page before ended', async () => {
    const server = answerActivity({
      '': { entries: [entry()], next: '2026-12-01T14:30:00.000Z_7', people },
      '2026-12-01T14:30:00.000Z_7': {
        entries: [entry({ id: 3, subject: 'Older driver', summary: 'Driver added', before: null })],
        next: null,
        people,
      },
    });
    const { user } = renderApp('/operator/activity');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('Older driver')).toBeTruthy();
    expect(server.to(API_PATHS.operatorActivity).at(-1)?.query.get('before')).toBe(
      '2026-12-01T14:30:00.000Z_7',
    );
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
    expect(screen.getByText('2 changes shown')).toBeTruthy();
  });
});
