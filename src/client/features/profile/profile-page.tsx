/**
 * /dashboard/profile: the user's name and photo. A new photo goes through the upload pipeline first
 * (POST /api/uploads), then PUT /api/profile saves both; the header, reviews and host sections show them.
 * Below it, "Your data": download it or delete the account (account-data-section.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES } from '#shared/schemas/uploads';
import { nameSchema, profileSchema } from '#shared/schemas/users';
import { Screen } from '#client/components/layout/screen';
import { Button } from '#client/components/ui/button';
import { FieldError, TextField, describedBy } from '#client/components/ui/form-field';
import { FormAlert } from '#client/components/ui/form-alert';
import { QueryView } from '#client/components/ui/query-view';
import { errorText } from '#client/components/ui/status';
import { apiRequest } from '#client/lib/api';
import { SESSION_QUERY_KEY } from '#client/lib/session';
import { uploadImage } from '#client/lib/uploads';
import { Avatar } from '#client/components/ui/avatar';
import { AccountDataSection } from './account-data-section';

const PROFILE_KEY = ['profile'] as const;

async function fetchProfile(signal?: AbortSignal) {
  return (await apiRequest('/api/profile', profileSchema, { signal })).data;
}

async function saveProfile(name: string, image: string | null) {
  return (
    await apiRequest('/api/profile', profileSchema, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, image }),
    })
  ).data;
}

const nameFormSchema = z.object({ name: nameSchema });
type Input = z.input<typeof nameFormSchema>;
type Values = z.output<typeof nameFormSchema>;

function ProfileForm({ initialName, initialImage }: { initialName: string; initialImage: string | null }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: initialName } });
  const name = useWatch({ control, name: 'name' });
  const [image, setImage] = useState<string | null>(initialImage);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (values: Values) => saveProfile(values.name, file ? await uploadImage(file) : image),
    onSuccess: async (profile) => {
      toast.success('Your profile is saved');
      setImage(profile.image);
      setFile(null);
      queryClient.setQueryData(PROFILE_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
    onError: (error) => setProblem(errorText(error)),
  });
  // One object URL per chosen file, given back when the file changes or the form goes away.
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);
  const preview = fileUrl ?? image;

  return (
    <form
      noValidate
      className="grid max-w-lg gap-5"
      onSubmit={(event) => {
        setProblem(null);
        void handleSubmit((values) => !fileError && save.mutate(values))(event);
      }}
    >
      <TextField label="Name" error={errors.name?.message} autoComplete="name" {...register('name')} />
      <div>
        <p className="text-sm font-semibold text-gray-900">Photo</p>
        <div className="mt-2 flex items-center gap-4">
          {preview ? (
            <img
              src={preview}
              alt="You, as others see you"
              width={64}
              height={64}
              className="h-16 w-16 rounded-full object-cover"
            />
          ) : (
            <Avatar name={name || '?'} image={null} size={64} />
          )}
          {image && !file && (
            <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => setImage(null)}>
              Remove photo
            </Button>
          )}
        </div>
        <label htmlFor={fileId} className="mt-3 block text-sm font-semibold text-gray-900">
          Choose a new photo
        </label>
        <input
          id={fileId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy(fileError ? `${fileId}-error` : null)}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const accepted = !chosen || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(chosen.type);
            setFileError(accepted ? null : 'Choose a JPEG, PNG or WebP image.');
            setFile(accepted ? chosen : null);
          }}
          className="mt-1 block w-full text-sm text-gray-800"
        />
        <FieldError id={`${fileId}-error`}>{fileError}</FieldError>
      </div>
      <FormAlert>{problem}</FormAlert>
      <div>
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

export function ProfilePage() {
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });
  return (
    <Screen
      title="Profile"
      intro="Your name and photo show on your reviews, in the header and, for hosts, on your homes."
    >
      <QueryView query={profile} loadingLabel="Loading your profile">
        {(data) => (
          <>
            <ProfileForm initialName={data.name} initialImage={data.image} />
            <AccountDataSection hasPassword={data.hasPassword} />
          </>
        )}
      </QueryView>
    </Screen>
  );
}

export { ProfilePage as Component };
