/**
 * The signed-in user's saved homes for the hearts, and the toggle. A signed-out visitor's heart goes to
 * /login carrying the intent in the page it returns to (`?save=<homeId>`); back on that page, signed in,
 * the home is saved and the parameter dropped. A heart pressed before the session (and, signed in, the
 * saved list) has loaded is kept and acted on once they have: on a server-rendered page the hearts
 * work before either answer arrives, and guessing "signed out" or "not saved" would send a signed-in
 * guest to /login or save a home they meant to remove.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { useSession } from '#client/lib/session';
import { withFrom } from '#client/features/auth/lib/redirect';
import { fetchWishlist, setSaved, wishlistKeys } from './wishlist-api';

const SAVE_PARAM = 'save';
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
  const known = !isLoading && (!user || !list.isPending);
  // One object per press, so a press is carried out once even if the session is read again later.
  const [waiting, setWaiting] = useState<{ homeId: string } | null>(null);
  const carriedOut = useRef<{ homeId: string } | null>(null);

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
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
    mutate(
      { homeId: intent, save: true },
      {
        onSuccess: () => notify('success', 'Saved to your wishlist'),
        onSettled: () => pending.delete(intent),
      },
    );
  }, [intent, isLoading, user, location.pathname, location.search, location.hash, navigate, mutate]);

  const act = (homeId: string) => {
    if (!user) {
      const params = new URLSearchParams(location.search);
      params.set(SAVE_PARAM, homeId);
      void navigate(withFrom('/login', `${location.pathname}?${params.toString()}`));
      return;
    }
    mutate({ homeId, save: !saved.has(homeId) });
  };
  // A press that came before the session and the list: carried out once both are known (of several
  // such presses, the last).
  const carryOut = useEffectEvent((homeId: string) => {
    setWaiting(null);
    act(homeId);
  });
  useEffect(() => {
    if (!waiting || !known || carriedOut.current === waiting) return;
    carriedOut.current = waiting;
    carryOut(waiting.homeId);
  }, [waiting, known]);

  return {
    isSaved: (homeId: string) => saved.has(homeId),
    toggle: (homeId: string) => (known ? act(homeId) : setWaiting({ homeId })),
    /** A change being saved, or a press waiting for the session. */
    busy: toggle.isPending || waiting !== null,
  };
}
