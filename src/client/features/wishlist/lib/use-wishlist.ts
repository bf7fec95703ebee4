/**
 * The signed-in user's saved homes for the hearts, and the toggle. A signed-out visitor's heart goes to
 * /login carrying the intent in the page it returns to (`?save=<homeId>`); back on that page, signed in,
 * the home is saved and the parameter dropped.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { useSession } from '#client/lib/session';
import { withFrom } from '#client/features/auth/lib/redirect';
import { fetchWishlist, setSaved, wishlistKeys } from './wishlist-api';

export const SAVE_PARAM = 'save';
/** Intents already being carried out on this page (several hearts share one page). */
const pending = new Set<string>();

export function useWishlist() {
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const key = wishlistKeys.list(user?.id ?? '', null);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchWishlist(null, signal),
    enabled: Boolean(user),
    staleTime: 30_000,
  });
  const saved = new Set(list.data?.homeIds ?? []);

  const toggle = useMutation({
    mutationFn: ({ homeId, save }: { homeId: string; save: boolean }) => setSaved(homeId, save),
    onMutate: async ({ homeId, save }) => {
      // The heart answers at once (a read still in flight must not overwrite it); a failure puts it back.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (old: typeof list.data) => {
        const ids = (old?.homeIds ?? []).filter((id) => id !== homeId);
        return { items: old?.items ?? [], homeIds: save ? [homeId, ...ids] : ids };
      });
    },
    onError: (error) => notify('error', errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });

  // Back from /login with the intent: drop the parameter first (so no render sees it twice), then save.
  const intent = new URLSearchParams(location.search).get(SAVE_PARAM);
  // TanStack Query keeps `mutate` the same function across renders.
  const { mutate } = toggle;
  useEffect(() => {
    if (!intent || isLoading || !user || pending.has(intent)) return;
    pending.add(intent);
    const params = new URLSearchParams(location.search);
    params.delete(SAVE_PARAM);
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    mutate(
      { homeId: intent, save: true },
      {
        onSuccess: () => notify('success', 'Saved to your wishlist'),
        onSettled: () => pending.delete(intent),
      },
    );
  }, [intent, isLoading, user, location.pathname, location.search, location.hash, navigate, mutate]);

  return {
    isSaved: (homeId: string) => saved.has(homeId),
    toggle: (homeId: string) => {
      if (!user) {
        const params = new URLSearchParams(location.search);
        params.set(SAVE_PARAM, homeId);
        navigate(withFrom('/login', `${location.pathname}?${params.toString()}`));
        return;
      }
      toggle.mutate({ homeId, save: !saved.has(homeId) });
    },
    busy: toggle.isPending,
  };
}
