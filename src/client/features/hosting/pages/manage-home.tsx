/**
 * /dashboard/manage-home (hosts): the host's own homes (GET /api/homes?email=,
 * every page) as a table with index, image, Title, Location, Price, From, To,
 * Delete, Edit and Calendar. Delete asks first, naming the home; an acknowledged delete
 * refreshes the list and shows "deleted" in error style (spec section 8).
 * The table scrolls sideways inside its own region; under 640 px rows are cards.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage } from '#shared/images';
import type { Home } from '#shared/schemas/homes';
import { formatDay } from '#shared/dates';
import { formatAmount } from '#shared/money';
import { TEXTS } from '#shared/texts';
import { homeKeys } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { QueryView } from '#client/components/ui/query-view';
import { PictureCell, ScrollTable, type ScrollTableColumn } from '#client/components/ui/scroll-table';
import { errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { unlistedReason } from '../../moderation/components/unlisted-notice';
import { DeleteHomeDialog } from '../components/delete-home-dialog';
import { deleteHome, fetchHostHomes, hostHomesKey } from '../lib/hosting-api';
import { ADD_HOME_PATH, editHomePath, homeCalendarPath } from '../lib/paths';
import { buttonClass } from '#client/components/ui/button';

export const NO_HOMES = 'You have not added any homes yet.';
const NOT_DELETED = 'The home was not deleted. Please try again.';

const rowButton =
  'inline-flex items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

const COLUMNS: ScrollTableColumn[] = [
  { label: 'Number', short: '#' },
  { label: 'Image' },
  { label: 'Title' },
  { label: 'Location' },
  { label: 'Price' },
  { label: 'From' },
  { label: 'To' },
  { label: 'Delete' },
  { label: 'Edit' },
  { label: 'Calendar' },
];

function HomeRow({ home, index, onDelete }: { home: Home; index: number; onDelete: (home: Home) => void }) {
  const titleId = `manage-home-title-${home._id}`;
  return (
    <tr className="border-t border-gray-200 align-middle">
      <td data-label="Number" className="px-3 py-3 lg:px-2.5 text-gray-800">
        {index + 1}
      </td>
      <PictureCell src={cardImage(home.image)} width={CARD_IMAGE_WIDTH} height={CARD_IMAGE_HEIGHT} eager={index < 8} />
      <th id={titleId} scope="row" className="px-3 py-3 lg:px-2.5 text-left font-semibold text-gray-900">
        {home.title}
        {/* Moderation took it out of search: the host sees it here, with why (ADR 0060). */}
        {home.unlisted && (
          <span className="mt-1 block text-sm font-normal text-amber-900">{unlistedReason(home.unlisted)}</span>
        )}
      </th>
      <td data-label="Location" className="px-3 py-3 lg:px-2.5 text-gray-800">
        {home.location}
      </td>
      <td data-label="Price" className="whitespace-nowrap px-3 py-3 lg:px-2.5 text-gray-900">
        {formatAmount(home.price)}
      </td>
      <td data-label="From" className="whitespace-nowrap px-3 py-3 lg:px-2.5 text-gray-800">
        {formatDay(home.from)}
      </td>
      <td data-label="To" className="whitespace-nowrap px-3 py-3 lg:px-2.5 text-gray-800">
        {formatDay(home.to)}
      </td>
      <td data-label="Delete" className="px-3 py-3 lg:px-2.5">
        <button
          type="button"
          onClick={() => onDelete(home)}
          aria-describedby={titleId}
          className={`${rowButton} border border-red-700 text-red-800 hover:bg-red-50`}
        >
          Delete
        </button>
      </td>
      <td data-label="Edit" className="px-3 py-3 lg:px-2.5">
        <Link
          to={editHomePath(home._id)}
          aria-describedby={titleId}
          className={`${rowButton} bg-rose-700 text-white hover:bg-rose-800`}
        >
          Edit
        </Link>
      </td>
      <td data-label="Calendar" className="px-3 py-3 lg:px-2.5">
        <Link
          to={homeCalendarPath(home._id)}
          aria-describedby={titleId}
          className={`${rowButton} border border-gray-500 text-gray-900 hover:bg-gray-50`}
        >
          Calendar
        </Link>
      </td>
    </tr>
  );
}

function NoHomes() {
  return (
    <div className="rounded-lg border border-dashed border-gray-400 p-8 text-center">
      <p className="text-gray-800">{NO_HOMES}</p>
      <Link to={ADD_HOME_PATH} className={buttonClass('primary', 'mt-4')}>
        Add Home
      </Link>
    </div>
  );
}

export function ManageHomePage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<Home | null>(null);
  const deletedRef = useRef(false);
  const homes = useQuery({
    queryKey: hostHomesKey(email),
    queryFn: ({ signal }) => fetchHostHomes(email, signal),
    enabled: Boolean(email),
  });

  const remove = useMutation({
    mutationFn: (home: Home) => deleteHome(home._id),
    onSuccess: (answer, home) => {
      if (!answer.acknowledged) {
        toast.error(NOT_DELETED);
        return;
      }
      toast.error(TEXTS.homeDeleted);
      deletedRef.current = true;
      setToDelete(null);
      queryClient.removeQueries({ queryKey: homeKeys.detail(home._id) });
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });

  function openDelete(home: Home) {
    remove.reset();
    setToDelete(home);
  }

  /** After a delete the row's button is gone: put focus on the screen's heading instead. */
  function focusAfterDelete(): boolean {
    if (!deletedRef.current) return false;
    deletedRef.current = false;
    const heading = document.getElementById('dashboard-screen-title');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    return true;
  }

  return (
    <Screen title="Manage Home" intro="The homes you host. Edit a listing or remove it.">
      <QueryView
        query={homes}
        loadingLabel="Loading your homes"
        isEmpty={(list) => list.length === 0}
        empty={<NoHomes />}
      >
        {(list) => (
          <ScrollTable
            label="Your homes"
            caption={`Your homes (${list.length})`}
            captionVisible
            columns={COLUMNS}
            minWidthClass="sm:min-w-[52rem]"
            hint="Scroll the table sideways to see every column."
          >
            {list.map((home, index) => (
              <HomeRow key={home._id} home={home} index={index} onDelete={openDelete} />
            ))}
          </ScrollTable>
        )}
      </QueryView>
      <DeleteHomeDialog
        home={toDelete}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={(home) => remove.mutate(home)}
        onCancel={() => setToDelete(null)}
        onClosedAfterDelete={focusAfterDelete}
      />
    </Screen>
  );
}

export { ManageHomePage as Component };
