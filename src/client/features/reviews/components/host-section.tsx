/**
 * The details page's host: photo, "Hosted by {name}", joined date, review count, the host email the
 * spec shows, and "Report" (the host as a person) for other signed-in members.
 */
import type { Home } from '#shared/schemas/homes';
import { plural } from '#shared/plural';
import { Avatar } from '#client/components/ui/avatar';
import { useSession } from '#client/lib/session';
import { ReportButton } from '../../moderation/components/report-button';

// Made once: the details page is rendered on the server for every request.
const joinedFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const joined = (iso: string) => joinedFormatter.format(new Date(iso));

export function HostSection({ home }: { home: Home }) {
  const host = home.host;
  const { user } = useSession();
  return (
    <div className="flex items-center gap-3">
      {host && <Avatar name={host.name} image={host.image} size={48} />}
      <div>
        <p className="font-semibold text-gray-900">Hosted by {host ? host.name : home.email}</p>
        {host && (
          <p className="text-sm text-gray-700">
            Joined {joined(host.joinedAt)} · {plural(host.reviewCount, 'review')}
          </p>
        )}
        <p className="text-sm text-gray-700">
          Host email:{' '}
          <a className="font-semibold text-gray-900 underline" href={`mailto:${home.email}`}>
            {home.email}
          </a>
        </p>
        {/* A member may report the host as a person (issue 30); never themselves. */}
        {host && user?.id !== host.id && <ReportButton targetType="user" targetId={host.id} nounVisible />}
      </div>
    </div>
  );
}
