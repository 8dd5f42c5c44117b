// Delete with a confirmation in the spec's words ('Are you sure you want to permanently delete this
// company?'), then the resource's success notice, or its failure notice (a 409 shows the server's reason).
import {
  DeleteWithConfirmButton,
  type RedirectionSideEffect,
  useNotify,
  useResourceContext,
} from 'react-admin';
import { useErrorMessage } from '../data/useErrorMessage.ts';

export function DeleteRecordButton({ redirect = 'list' }: { redirect?: RedirectionSideEffect }) {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={redirect}
      confirmContent={`rihla.delete.confirm.${resource}`}
      confirmColor="warning"
      mutationOptions={{
        onError: (error) =>
          notify(errorMessage(error, `rihla.delete.failure.${resource}`, resource), {
            type: 'error',
            autoHideDuration: 10_000,
          }),
      }}
    />
  );
}
