import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authQueryKeys } from '../auth/auth-queries.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { TimezoneSelect } from './timezone-select.tsx';
import { useUpdateTimezoneOffset } from './use-update-timezone-offset.ts';

export const timezoneChangedText = 'Time zone is changed';

/** The side panel's timezone selector: saves on change and reverts the selection on failure (§4). */
export function TimezoneSetting({ offset }: { offset: number }) {
  const [value, setValue] = useState(offset);
  const update = useUpdateTimezoneOffset();
  const queryClient = useQueryClient();
  const { notify, notifyError } = useNotify();
  useEffect(() => setValue(offset), [offset]);

  const change = (next: number) => {
    const previous = value;
    setValue(next);
    update.mutate(next, {
      onSuccess: () => {
        notify({ message: timezoneChangedText, variant: 'default' });
        void queryClient.invalidateQueries({ queryKey: authQueryKeys.profile });
      },
      onError: (error) => {
        setValue(previous);
        notifyError(error);
      },
    });
  };

  return <TimezoneSelect value={value} onChange={change} disabled={update.isPending} />;
}
