/** A person's photo, or their initial on a coloured disc when they have none. */
import { cardImage } from '#shared/images';

export function Avatar({ name, image, size = 40 }: { name: string; image: string | null | undefined; size?: number }) {
  const style = { width: size, height: size };
  if (image) {
    return (
      <img
        src={cardImage(image)}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full bg-gray-100 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.45 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-rose-100 font-bold text-rose-800"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
