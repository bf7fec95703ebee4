// @vitest-environment jsdom
/** One imported calendar's row: why its last sync failed, and a refused "Sync now" (issue 24). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CalendarImport } from '#shared/schemas/calendar-sync';
import { json, setUpComponentTests, stubFetch, testQueryClient } from '#client/test/render-routes';
import { ImportItem } from './import-item';

setUpComponentTests();

const item = (fields: Partial<CalendarImport> = {}): CalendarImport => ({
  id: 'i1',
  homeId: 'h1',
  name: 'Airbnb',
  url: 'https://www.airbnb.com/calendar/ical/1.ics',
  lastSyncedAt: '2026-11-21T10:00:00.000Z',
  lastErrorCode: null,
  lastError: null,
  blockedRanges: 3,
  conflicts: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});
const show = (fields: Partial<CalendarImport> = {}) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ImportItem homeId="h1" item={item(fields)} onNotice={() => {}} />
    </QueryClientProvider>,
  );

describe('ImportItem', () => {
  it('says why the last sync failed and that the nights it blocked are still blocked', () => {
    show({ lastErrorCode: 'not_a_calendar', lastError: 'This link did not return a calendar' });
    expect(screen.getByText('Last tried')).toBeTruthy();
    expect(screen.getByText(/This link did not return a calendar/).textContent).toBe(
      'Last sync failed: This link did not return a calendar (not_a_calendar)',
    );
    expect(screen.getByText('3 night ranges')).toBeTruthy();
  });

  it('shows why "Sync now" was refused, and can be pressed again', async () => {
    const message =
      "This home's calendars were synced 10 times in the last 10 minutes. Try again in 4 minutes; they are also synced automatically.";
    stubFetch({
      'POST /api/home/h1/calendar-imports/i1/sync': json({ error: { code: 'too_many_syncs', message } }, 429),
    });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(false);
  });
});
