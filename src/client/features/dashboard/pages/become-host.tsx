import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { z } from 'zod';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { describedBy, FieldError, inputClass, TextField } from '#client/components/ui/form-field';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSession } from '#client/lib/session';
import { uploadImage } from '#client/lib/uploads';
import { putUser, userKeys } from '#client/lib/users';
import { useCurrentUserRecord } from '#client/features/auth/use-role';
import { ACCEPTED_IMAGE_TYPES } from '#shared/schemas/uploads';
import { ErrorPanel, errorText } from '#client/components/ui/status';
import { Screen } from '#client/components/layout/screen';
import { Button } from '#client/components/ui/button';

export const REQUEST_SENT = 'Your host request has been sent. Please wait for admin approval.';

const hasFile = (value: unknown): value is FileList =>
  typeof FileList !== 'undefined' && value instanceof FileList && value.length > 0;

export const becomeHostFormSchema = z.object({
  location: z.string().trim().min(1, 'Your location is required').max(120, 'Use at most 120 characters'),
  document: z
    .custom<FileList>(hasFile, { message: 'Upload your image' })
    .refine((files) => ACCEPTED_IMAGE_TYPES.some((type) => type === files[0]?.type), {
      message: 'Choose a JPEG, PNG or WebP image',
    }),
  agree: z.boolean().refine((value) => value, { message: 'You must agree to the Privacy Policy' }),
});
type BecomeHostForm = z.input<typeof becomeHostFormSchema>;

function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-900">
      {children}
    </div>
  );
}

function RoleNotice({ role }: { role: User['role'] }) {
  if (role === 'host') {
    return (
      <Notice>
        <p className="font-semibold">You are already a host.</p>
        <p className="mt-1">
          Add and manage your homes from{' '}
          <Link to="/dashboard/manage-home" className="font-semibold underline underline-offset-2">
            Manage Home
          </Link>
          .
        </p>
      </Notice>
    );
  }
  if (role === 'admin') {
    return (
      <Notice>
        <p className="font-semibold">You are already an admin.</p>
        <p className="mt-1">Admins approve host requests from All Users.</p>
      </Notice>
    );
  }
  return (
    <Notice>
      <p className="font-semibold">{REQUEST_SENT}</p>
      <p className="mt-1">An admin will review it. Your menu changes as soon as you are approved.</p>
    </Notice>
  );
}

function HostRequestForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const documentId = useId();
  const agreeId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<BecomeHostForm, unknown, z.output<typeof becomeHostFormSchema>>({
    resolver: zodResolver(becomeHostFormSchema),
    defaultValues: { location: '', agree: false },
  });

  const request = useMutation({
    mutationFn: async ({ location, document }: { location: string; document: File }) => {
      let docImage: string;
      try {
        docImage = await uploadImage(document, 'document');
      } catch (error) {
        throw Object.assign(new Error(`Your image could not be uploaded: ${errorText(error)}`), {
          field: 'document' as const,
        });
      }
      await putUser(email, { email, location, docImage, role: 'requested' });
    },
    onSuccess: async () => {
      // The screen turns into the "request sent" notice (a status region): no toast, so it is said once.
      queryClient.setQueryData<User>(userKeys.detail(email), (old) => (old ? { ...old, role: 'requested' } : old));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => {
      const message = errorText(error);
      toast.error(message);
      if ((error as { field?: string }).field === 'document') {
        setError('document', { type: 'server', message });
        setFocus('document');
      }
    },
  });

  const onSubmit = handleSubmit(({ location, document }) => {
    const file = document[0];
    if (file) request.mutate({ location, document: file });
  });

  const formError =
    request.error && (request.error as { field?: string }).field !== 'document' ? errorText(request.error) : null;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={request.isPending}
      className="max-w-xl space-y-5 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <FormAlert>{formError}</FormAlert>
      <TextField
        label="Your Location"
        autoComplete="address-level2"
        required
        error={errors.location?.message}
        {...register('location')}
      />
      <div>
        <label htmlFor={documentId} className="mb-1 block text-sm font-semibold text-gray-900">
          Upload your image
        </label>
        <input
          id={documentId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          required
          aria-invalid={errors.document ? true : undefined}
          aria-describedby={describedBy(`${documentId}-hint`, errors.document ? `${documentId}-error` : null)}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-rose-50 file:px-3 file:py-1 file:font-semibold file:text-rose-800`}
          {...register('document')}
        />
        <p id={`${documentId}-hint`} className="mt-1 text-sm text-gray-700">
          A photo of an identity document. It is stored privately: only you and StayHub admins can see it.
        </p>
        <FieldError id={`${documentId}-error`}>{errors.document?.message}</FieldError>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={agreeId}
            type="checkbox"
            required
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${agreeId}-error` : undefined}
            className="mt-1 h-5 w-5 accent-rose-700"
            {...register('agree')}
          />
          <label htmlFor={agreeId} className="font-semibold text-gray-900">
            Agree to Privacy Policy
          </label>
        </div>
        <FieldError id={`${agreeId}-error`}>{errors.agree?.message}</FieldError>
      </div>
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? TEXTS.loading : TEXTS.sendingRequest}
      </Button>
    </form>
  );
}

export function BecomeHostPage() {
  const { user } = useSession();
  const record = useCurrentUserRecord();
  let content: ReactNode;
  if (record.isPending) {
    content = (
      <p role="status" className="py-8 text-gray-700">
        {TEXTS.loading}
      </p>
    );
  } else if (record.isError) {
    content = <ErrorPanel message={errorText(record.error)} onRetry={() => void record.refetch()} />;
  } else if (record.data.role !== null) {
    content = <RoleNotice role={record.data.role} />;
  } else {
    content = <HostRequestForm email={user?.email ?? record.data.email} />;
  }
  return (
    <Screen
      title="Become A Host"
      intro="Tell us where you are and upload an identity document. An admin reviews every request."
    >
      {content}
    </Screen>
  );
}

export { BecomeHostPage as Component };
