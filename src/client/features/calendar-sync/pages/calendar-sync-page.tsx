/**
 * /dashboard/calendar-sync/:id (hosts): the Calendar sync panel of one home, reached from Manage
 * Home. (The panel moves to the host's calendar screen when that screen lands.)
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fetchHome, homeKeys } from '#client/lib/api';
import { QueryView } from '#client/components/ui/query-view';
import { Screen } from '#client/components/layout/screen';
import { CalendarSyncPanel } from '../components/calendar-sync-panel';

export function CalendarSyncPage() {
  const { id = '' } = useParams();
  const home = useQuery({ queryKey: homeKeys.detail(id), queryFn: ({ signal }) => fetchHome(id, signal) });
  return (
    <Screen
      title="Calendar sync"
      intro={
        <>
          {home.data ? <strong>{home.data.title}</strong> : null} Keep this home&apos;s nights in step with the other
          sites it is listed on.{' '}
          <Link to="/dashboard/manage-home" className="text-rose-800 underline">
            Back to Manage Home
          </Link>
        </>
      }
    >
      <QueryView query={home} loadingLabel="Loading the home">
        {(data) => <CalendarSyncPanel homeId={data._id} />}
      </QueryView>
    </Screen>
  );
}

export { CalendarSyncPage as Component };
