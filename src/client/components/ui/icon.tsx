/**
 * The app's one icon set. Icons are decoration by default (aria-hidden): the control around them
 * carries the name. Give `label` only when the icon alone says something (it becomes role="img").
 */
import type { ReactNode } from 'react';

type IconDraw = { viewBox?: string; stroke?: boolean; body: (props: { on?: boolean }) => ReactNode };

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
  /** Google's "G", in its own colours (the sign-in button's mark). */
  google: {
    viewBox: '0 0 48 48',
    body: () => (
      <>
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z"
        />
        <path
          fill="#FBBC05"
          d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
        />
      </>
    ),
  },
} satisfies Record<string, IconDraw>;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  name: IconName;
  /** Width and height in px. */
  size?: number;
  /** The icon's meaning, when nothing else around it says it; without it the icon is hidden from readers. */
  label?: string;
  /** The icon's second state (eye crossed out, heart filled). */
  on?: boolean;
  className?: string;
}

export function Icon({ name, size = 20, label, on, className }: IconProps) {
  const icon: IconDraw = ICONS[name];
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
