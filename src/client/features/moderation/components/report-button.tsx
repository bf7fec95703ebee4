/**
 * "Report" on a home, a user, a message or a review (issue 30): a small link-style button that
 * opens a dialog with the reason and optional words. The reporter is told it was received; the
 * reported person never learns who reported.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportTargetType,
} from '#shared/schemas/moderation';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextAreaField, inputClass } from '#client/components/ui/form-field';
import { errorText } from '#client/components/ui/status';
import { notify } from '#client/lib/notify';
import { useSession } from '#client/lib/session';
import { submitReport } from '../lib/moderation-api';

const NOUNS: Record<ReportTargetType, string> = { home: 'home', user: 'person', message: 'message', review: 'review' };

export function ReportButton({
  targetType,
  targetId,
  className,
  nounVisible = false,
}: {
  targetType: ReportTargetType;
  targetId: string;
  className?: string;
  /** Says "Report this home" on screen too: where two Report buttons sit close (the host card). */
  nounVisible?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('scam');
  const [text, setText] = useState('');
  const id = useId();
  const { user } = useSession();
  const report = useMutation({
    mutationFn: () => submitReport({ targetType, targetId, reason, ...(text.trim() ? { text: text.trim() } : {}) }),
    onSuccess: () => {
      setOpen(false);
      setText('');
      notify('success', 'Thank you. Your report was received and our team will look at it.');
    },
  });
  const noun = NOUNS[targetType];
  // Only signed-in members report (the API answers 401 otherwise).
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
        className={`text-sm text-gray-700 underline underline-offset-2 hover:text-gray-900 ${className ?? ''}`}
      >
        Report<span className={nounVisible ? undefined : 'sr-only'}> this {noun}</span>
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={report.isPending}
        size="lg"
        title={`Report this ${noun}`}
        description="Our team reviews every report. The person you report is not told who reported them."
        error={report.isError ? errorText(report.error) : null}
        confirmLabel="Send report"
        busyLabel="Sending…"
        onConfirm={() => report.mutate()}
      >
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-semibold text-gray-900">
          Reason
        </label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          className={`${inputClass} mt-1`}
        >
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        <TextAreaField
          className="mt-4"
          label="What happened (optional)"
          rows={3}
          maxLength={REPORT_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
