/**
 * The save of the add-home and update-home forms: on success `onSaved` (the
 * page's own toast), then the home lists are refetched and manage-home opens;
 * on failure the server's message shows in the form (formError) and as a toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorText } from '#client/components/ui/status';
import { homeKeys } from '#client/lib/api';
import { MANAGE_HOME_PATH } from './paths';

export function useSaveHome<Values, Answer>(
  send: (values: Values) => Promise<Answer>,
  onSaved: (answer: Answer) => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      onSaved(answer);
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
      void navigate(MANAGE_HOME_PATH);
    },
    onError: (error) => {
      const message = errorText(error);
      setFormError(message);
      toast.error(message);
    },
  });
  return { save, formError, clearFormError: () => setFormError(null) };
}
