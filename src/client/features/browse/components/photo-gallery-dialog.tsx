/**
 * "Show all photos": every picture of a home, one at a time, in a modal dialog. Previous/Next
 * buttons and the arrow keys move through them, "Photo 3 of 7" says where one is (announced
 * as it changes), Escape closes and the focus goes back to the button that opened it.
 * Loaded on first use, so the details page's first load carries none of it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type KeyboardEvent } from 'react';
import { FULL_IMAGE_HEIGHT, FULL_IMAGE_WIDTH, responsiveImage } from '#shared/images';
import { useReturnFocus } from '#client/components/ui/return-focus';
import { Button, buttonClass } from '#client/components/ui/button';

interface PhotoGalleryDialogProps {
  title: string;
  images: string[];
  /** The picture shown first (0-based). */
  start?: number;
  onClose: () => void;
}

/** The dialog is at most 64rem wide (a phone: the screen less its margins). */
const GALLERY_IMAGE_SIZES = '(min-width: 1088px) 1024px, calc(100vw - 2rem)';

const photoNumber = (index: number, total: number) => `Photo ${index + 1} of ${total}`;

function PhotoGalleryDialog({ title, images, start = 0, onClose }: PhotoGalleryDialogProps) {
  const [index, setIndex] = useState(start);
  const returnFocus = useReturnFocus(true);
  const total = images.length;
  const go = (by: number) => setIndex((i) => (i + by + total) % total);
  const src = images[index] ?? '';

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          onKeyDown={onKeyDown}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[95vh] w-[min(64rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white p-4 shadow-xl outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-gray-900">Photos of {title}</Dialog.Title>
            <Dialog.Close className={buttonClass('secondary', 'shrink-0 px-3 py-1.5')}>Close</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Use the Previous and Next buttons or the left and right arrow keys to move between the photos.
          </Dialog.Description>
          <figure className="mt-4">
            {/* The key gives each picture its own element, so a slow one never shows the previous one's pixels. */}
            <img
              key={src}
              src={src}
              {...responsiveImage(src, GALLERY_IMAGE_SIZES)}
              alt={`${title}, ${photoNumber(index, total).toLowerCase()}`}
              width={FULL_IMAGE_WIDTH}
              height={FULL_IMAGE_HEIGHT}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] max-h-[70vh] w-full rounded-lg bg-gray-100 object-contain"
            />
            <figcaption aria-live="polite" className="mt-3 text-center font-semibold text-gray-900">
              {photoNumber(index, total)}
            </figcaption>
          </figure>
          <div className="mt-3 flex justify-between gap-3">
            <Button variant="secondary" onClick={() => go(-1)}>
              <span aria-hidden="true">←</span> Previous
            </Button>
            <Button variant="secondary" onClick={() => go(1)}>
              Next <span aria-hidden="true">→</span>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export { PhotoGalleryDialog as default };
