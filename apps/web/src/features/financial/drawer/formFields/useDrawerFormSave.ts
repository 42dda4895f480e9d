import { useState } from 'react';
import { describeSaveError } from '../DrawerFormFrame';
import { rememberAgainstAccount } from '../lastAgainstAccount';

type DrawerFormSave = {
  /** The server's answer to the last failed save; null before a save and while one runs. */
  serverError: string | null;
  /** Runs `write` (the create or update mutation); on success remembers `againstId` and closes the form. */
  save: (againstId: string, write: () => Promise<unknown>) => Promise<void>;
};

/** How the Entry and Forecast forms save: a failure stays in the form, with the server's message. */
export function useDrawerFormSave(entityId: string, onDone: () => void): DrawerFormSave {
  const [serverError, setServerError] = useState<string | null>(null);
  const save = async (againstId: string, write: () => Promise<unknown>) => {
    setServerError(null);
    try {
      await write();
      rememberAgainstAccount(entityId, againstId);
      onDone();
    } catch (failure) {
      setServerError(describeSaveError(failure));
    }
  };
  return { serverError, save };
}
