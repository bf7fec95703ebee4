/** The wishlist heart: a toggle button ("Save {title}", aria-pressed) on cards and the details page. */
import { useWishlist } from '../lib/use-wishlist';

export function HeartButton({ homeId, title, className = '' }: { homeId: string; title: string; className?: string }) {
  const { isSaved, toggle, busy } = useWishlist();
  const saved = isSaved(homeId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-busy={busy}
      aria-label={`Save ${title}`}
      title={saved ? 'Saved to your wishlist' : 'Save to your wishlist'}
      onClick={() => toggle(homeId)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white/95 shadow-sm transition-colors hover:bg-rose-50 ${className}`}
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        strokeWidth="2"
        stroke="currentColor"
        className={saved ? 'text-rose-700' : 'text-gray-800'}
      >
        <path
          className={saved ? 'fill-rose-600' : 'fill-transparent'}
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 6.9 4.5c2 0 3.4 1.1 4.1 2.4h2c.7-1.3 2.1-2.4 4.1-2.4 3.5 0 5.4 3.6 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
        />
      </svg>
    </button>
  );
}
