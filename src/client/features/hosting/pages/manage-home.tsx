/**
 * /dashboard/manage-home (hosts): the host's own homes (GET /api/homes?email=,
 * every page) as a table with index, image, Title, Location, Price, From, To,
 * Delete and Edit. Delete asks first, naming the home; an acknowledged delete
 * refreshes the list and shows "deleted" in error style (spec section 8).
 * The table scrolls sideways inside its own region on narrow screens.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage } from '#shared/images';
import type { Home } from '#shared/schemas/homes';
import { formatCents } from '#shared/money';
import { TEXTS } from '#shared/texts';
import { primaryButtonClass } from '#client/components/ui/form-field';
import { homeKeys } from '#client/lib/api';
import { useSession } from '#client/lib/session';
import { ErrorPanel, errorText, LoadingBar } from '#client/components/ui/status';
import { Screen } from '#client/features/dashboard/components/screen';
import { DeleteHomeDialog } from '../components/delete-home-dialog';
import { formatDay } from '../lib/dates';
import { deleteHome, fetchHostHomes, hostHomesKey } from '../lib/hosting-api';
import { ADD_HOME_PATH, editHomePath } from '../lib/paths';

export const NO_HOMES = 'You have not added any homes yet.';
const NOT_DELETED = 'The home was not deleted. Please try again.';

const rowButton =
  'inline-flex items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

const price = (amount: number) => formatCents(Math.round(amount * 100));

function HomeRow({ home, index, onDelete }: { home: Home; index: number; onDelete: (home: Home) => void }) {
  const titleId = `manage-home-title-${home._id}`;
  return (
    <tr className="border-t border-gray-200 align-middle">
      <td className="px-3 py-3 text-gray-800">{index + 1}</td>
      <td className="px-3 py-2">
        <img
          src={cardImage(home.image)}
          alt=""
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          loading={index < 8 ? 'eager' : 'lazy'}
          decoding="async"
          className="h-12 w-16 rounded-md bg-gray-100 object-cover"
        />
      </td>
      <th id={titleId} scope="row" className="px-3 py-3 text-left font-semibold text-gray-900">
        {home.title}
      </th>
      <td className="px-3 py-3 text-gray-800">{home.location}</td>
      <td className="whitespace-nowrap px-3 py-3 text-gray-900">{price(home.price)}</td>
      <td className="whitespace-nowrap px-3 py-3 text-gray-800">{formatDay(home.from)}</td>
      <td className="whitespace-nowrap px-3 py-3 text-gray-800">{formatDay(home.to)}</td>
      <td className="px-3 py-3">
        <button
          type="button"
          onClick={() => onDelete(home)}
          aria-describedby={titleId}
          className={`${rowButton} border border-red-700 text-red-800 hover:bg-red-50`}
        >
          Delete
        </button>
      </td>
      <td className="px-3 py-3">
        <Link
          to={editHomePath(home._id)}
          aria-describedby={titleId}
          className={`${rowButton} bg-rose-700 text-white hover:bg-rose-800`}
        >
          Edit
        </Link>
      </td>
    </tr>
  );
}

function HomesTable({ homes, onDelete }: { homes: Home[]; onDelete: (home: Home) => void }) {
  return (
    <>
      <p className="mb-2 text-sm text-gray-700 lg:hidden">Scroll the table sideways to see every column.</p>
      <div
        role="region"
        aria-labelledby="manage-home-caption"
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-rose-700"
      >
        <table className="w-full min-w-[52rem] text-left">
          <caption id="manage-home-caption" className="px-3 py-3 text-left text-sm text-gray-700">
            Your homes ({homes.length})
          </caption>
          <thead className="bg-gray-50 text-sm uppercase tracking-wide text-gray-800">
            <tr>
              <th scope="col" className="px-3 py-3">
                <span className="sr-only">Number</span>
                <span aria-hidden="true">#</span>
              </th>
              <th scope="col" className="px-3 py-3">
                Image
              </th>
              <th scope="col" className="px-3 py-3">
                Title
              </th>
              <th scope="col" className="px-3 py-3">
                Location
              </th>
              <th scope="col" className="px-3 py-3">
                Price
              </th>
              <th scope="col" className="px-3 py-3">
                From
              </th>
              <th scope="col" className="px-3 py-3">
                To
              </th>
              <th scope="col" className="px-3 py-3">
                Delete
              </th>
              <th scope="col" className="px-3 py-3">
                Edit
              </th>
            </tr>
          </thead>
          <tbody>
            {homes.map((home, index) => (
              <HomeRow key={home._id} home={home} index={index} onDelete={onDelete} />
            ))}
          </tbody>
        </table>
      </div>
    </>
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

  let content: ReactNode;
  if (homes.isPending) {
    content = <LoadingBar label="Loading your homes" />;
  } else if (homes.isError) {
    content = <ErrorPanel message={errorText(homes.error)} onRetry={() => void homes.refetch()} />;
  } else if (homes.data.length === 0) {
    content = (
      <div className="rounded-lg border border-dashed border-gray-400 p-8 text-center">
        <p className="text-gray-800">{NO_HOMES}</p>
        <Link to={ADD_HOME_PATH} className={`${primaryButtonClass} mt-4`}>
          Add Home
        </Link>
      </div>
    );
  } else {
    content = <HomesTable homes={homes.data} onDelete={openDelete} />;
  }

  return (
    <Screen title="Manage Home" intro="The homes you host. Edit a listing or remove it.">
      {content}
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
