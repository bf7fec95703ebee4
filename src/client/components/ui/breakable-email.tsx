import { Fragment } from 'react';

/**
 * An email address that wraps after its dots and hyphens or before the "@" (word-break hints),
 * not in the middle of a name as `break-all` did; the element around it should have
 * `break-words`, so a part too long for the line on its own still wraps.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=[.-])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
