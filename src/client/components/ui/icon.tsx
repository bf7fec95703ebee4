/**
 * The app's one icon set. Icons are decoration by default (aria-hidden): the control around them
 * carries the name. Give `label` only when the icon alone says something (it becomes role="img").
 * The set is small and ships with the page shell; a drawing only one lazy page needs (a brand mark)
 * is passed as `draw` from beside that page, so the first load does not carry it.
 */
import type { ReactNode } from 'react';

export type IconDraw = { viewBox?: string; stroke?: boolean; body: (props: { on?: boolean }) => ReactNode };

const ICONS = {
  brand: {
    body: () => <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1v-8.5Z" fill="currentColor" />,
  },
  menu: { stroke: true, body: () => <path d="M4 7h16M4 12h16M4 17h16" /> },
  close: { stroke: true, body: () => <path d="M6 6l12 12M18 6 6 18" /> },
  grid: {
    body: () => <path d="M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z" fill="currentColor" />,
  },
  upload: {
    stroke: true,
    body: () => <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  },
  /** An eye; `on` crosses it out (the password is shown). */
  eye: {
    stroke: true,
    body: ({ on }) => (
      <>
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
        {on && <path d="M4 4l16 16" />}
      </>
    ),
  },
  /** A heart; `on` fills it (saved). */
  heart: {
    stroke: true,
    body: ({ on }) => (
      <path
        className={on ? 'fill-rose-600' : 'fill-transparent'}
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 6.9 4.5c2 0 3.4 1.1 4.1 2.4h2c.7-1.3 2.1-2.4 4.1-2.4 3.5 0 5.4 3.6 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
      />
    ),
  },
  spinner: {
    body: () => <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" strokeDasharray="42 14" />,
  },
} satisfies Record<string, IconDraw>;

type IconName = keyof typeof ICONS;

export type IconProps = ({ name: IconName; draw?: never } | { draw: IconDraw; name?: never }) & {
  /** Width and height in px. */
  size?: number;
  /** The icon's meaning, when nothing else around it says it; without it the icon is hidden from readers. */
  label?: string;
  /** The icon's second state (eye crossed out, heart filled). */
  on?: boolean;
  className?: string;
};

export function Icon({ name, draw, size = 20, label, on, className }: IconProps) {
  const icon: IconDraw | undefined = draw ?? (name && ICONS[name]);
  if (!icon) return null;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      {...a11y}
      width={size}
      height={size}
      viewBox={icon.viewBox ?? '0 0 24 24'}
      fill="none"
      {...(icon.stroke ? { stroke: 'currentColor', strokeWidth: 2 } : {})}
      className={className}
    >
      {icon.body({ on })}
    </svg>
  );
}
