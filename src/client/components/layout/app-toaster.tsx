import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '#shared/constants';

/**
 * Notices: success 2 s, error 4 s (spec, section 9). react-hot-toast keeps at most
 * 20 toasts at once by default, which is the spec's TOAST_MAX_VISIBLE.
 *
 * The toast library (react-hot-toast + goober, ~4.5 KiB gzip) is not part of the first
 * load (ADR 0025): every toast in the app follows something the user did (a click, a key,
 * a submit) or a navigation, so the <Toaster/> is loaded on the first of those. A toast
 * raised before it arrives waits in the library's store and shows when it mounts.
 */
const Toaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster: T }) => ({
    default: () => (
      <T
        position="top-center"
        toastOptions={{
          success: { duration: TOAST_SUCCESS_MS },
          error: { duration: TOAST_ERROR_MS },
          style: { color: '#111827' },
        }}
      />
    ),
  })),
);

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'submit'] as const;

export function AppToaster() {
  const { key } = useLocation();
  const [firstKey] = useState(key);
  const [wanted, setWanted] = useState(false);
  // A navigation inside the app (a redirect after sign-in, a guard) can raise a toast without a new interaction.
  const navigated = key !== firstKey;

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);

  if (!wanted && !navigated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
