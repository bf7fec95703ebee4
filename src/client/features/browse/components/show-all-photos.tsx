/**
 * The details page's "Show all photos" button, over the corner of the two pictures (so it takes
 * no room of its own and the page does not move when it appears). Shown when the home has more
 * pictures than the two on the page; the gallery dialog is loaded when it is first pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { Icon } from '#client/components/ui/icon';

const PhotoGalleryDialog = lazy(() => import('./photo-gallery-dialog'));

export function ShowAllPhotos({ title, images }: { title: string; images: string[] }) {
  const [open, setOpen] = useState(false);
  if (images.length <= 2) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-md border border-gray-900 bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-md hover:bg-gray-100"
      >
        <Icon name="grid" size={16} />
        Show all {images.length} photos
      </button>
      {open && (
        <Suspense
          fallback={
            <p role="status" className="sr-only">
              Opening the photos…
            </p>
          }
        >
          <PhotoGalleryDialog title={title} images={images} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
