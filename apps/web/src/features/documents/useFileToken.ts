import { type MouseEvent, useCallback, useState } from 'react';
import { describeError, requestJson } from '../../lib/restClient';
import { startDownload } from './documentLinks';
import { type HeldFileToken, holdFileToken, isFileTokenFresh } from './fileTokenFreshness';

/** GET /api/v1/file_tokens's answer. */
type FileTokenAnswer = { token: string; expires_at: string; expires_in: number };

export type FileTokenLinks = {
  /** The token the links carry now (null until the page's query has answered). */
  token: string | null;
  /**
   * A download link's click: a fresh token lets the link go as it is; one near its end (or past it) is
   * replaced first (GET /api/v1/file_tokens), then the download starts with the new one.
   */
  onDownloadClick: (event: MouseEvent<HTMLElement>, urlFor: (token: string) => string) => void;
  /** Why the last replacement failed, for the page to show. */
  error: string | null;
};

/**
 * The file download token of the Documents page: the one the Documents query brought, until a download
 * finds it within a minute of its end and asks the server for another.
 */
export function useFileToken(
  entityId: string,
  fromQuery: { token: string; expiresIn: number } | undefined,
): FileTokenLinks {
  const [held, setHeld] = useState<HeldFileToken | null>(() =>
    fromQuery ? holdFileToken(fromQuery.token, fromQuery.expiresIn, Date.now()) : null,
  );
  const [seen, setSeen] = useState(fromQuery?.token);
  const [error, setError] = useState<string | null>(null);
  // A new answer of the query (a reload, another company) brings a new token: hold it from now.
  if (fromQuery && fromQuery.token !== seen) {
    setSeen(fromQuery.token);
    setHeld(holdFileToken(fromQuery.token, fromQuery.expiresIn, Date.now()));
  }

  const onDownloadClick = useCallback(
    (event: MouseEvent<HTMLElement>, urlFor: (token: string) => string) => {
      if (held && isFileTokenFresh(held, Date.now())) return;
      event.preventDefault();
      setError(null);
      requestJson<FileTokenAnswer>(`/api/v1/file_tokens?${new URLSearchParams({ entity_id: entityId })}`, {
        authenticated: true,
      })
        .then((answer) => {
          setHeld(holdFileToken(answer.token, answer.expires_in, Date.now()));
          startDownload(urlFor(answer.token));
        })
        .catch((failure: unknown) => {
          console.error('A file download token could not be obtained', failure);
          setError(describeError(failure, 'The download could not be started. Please try again.'));
        });
    },
    [held, entityId],
  );

  return { token: held?.token ?? null, onDownloadClick, error };
}
