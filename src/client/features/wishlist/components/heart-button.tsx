/** The wishlist heart: a toggle button ("Save {title}", aria-pressed) on cards and the details page. */
import { useWishlist } from '../lib/use-wishlist';
import { Icon } from '#client/components/ui/icon';

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
      <Icon name="heart" size={22} on={saved} className={saved ? 'text-rose-700' : 'text-gray-800'} />
    </button>
  );
}
