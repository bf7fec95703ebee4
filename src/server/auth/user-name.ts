/** Names follow the shared nameSchema (src/shared/schemas/users.ts): 1..100 characters, one line, no link. */
import { NAME_CONTROL_CHARACTERS, NAME_MAX_LENGTH, nameSchema } from '#shared/schemas/users';

const CONTROLS = new RegExp(NAME_CONTROL_CHARACTERS.source + '+', 'gu');

/** Why `name` cannot be a user's name, or null when it can. */
export function nameProblem(name: unknown): string | null {
  const result = nameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Enter your name');
}

/** A valid name from an identity provider's profile (line breaks and links removed, cut to length), else `fallback`. */
export function nameFromProfile(raw: unknown, fallback: string): string {
  const cleaned =
    typeof raw === 'string'
      ? [...raw.replace(CONTROLS, ' ').replaceAll('://', ' ').replace(/\s+/g, ' ').trim()]
          .slice(0, NAME_MAX_LENGTH)
          .join('')
          .trim()
      : '';
  if (nameProblem(cleaned) === null) return cleaned;
  return nameProblem(fallback) === null ? fallback : 'Guest';
}
