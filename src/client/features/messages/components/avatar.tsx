import type { Person } from '#shared/schemas/messages';

/** A person's photo (users.image from sign-up), or their initials on a coloured disc. The name is always shown beside it. */
export function Avatar({ person, size = 'md' }: { person: Person; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-8 w-8 text-xs' : 'h-11 w-11 text-sm';
  if (person.image) {
    return <img src={person.image} alt="" className={`${box} shrink-0 rounded-full bg-gray-100 object-cover`} />;
  }
  const initials = person.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-rose-100 font-bold text-rose-900`}
    >
      {initials || '?'}
    </span>
  );
}
