import { useCallback, useRef, useState } from 'react';
import { describeError, requestJson } from '../../lib/restClient';
import { startDownload } from './documentLinks';

/** GET /api/v1/file_tokens's answer. */
type FileTokenAnswer = { token: string; expires_at: string; expires_in: number };

export type FileDownloads = {
  /**
   * A download button's click: asks the server for a new single-use file token (GET
   * /api/v1/file_tokens, with the bearer header), then has the browser download `urlFor(token)`. `key`
   * names the file, for `pending`. A click while another download waits for its token does nothing.
   */
  download: (key: string, urlFor: (token: string) => string) => void;
  /** The file whose token is on its way, if any. */
  pending: string | null;
  /** Why the last download could not start, for the page to show. */
  error: string | null;
};

/**
 * The Documents page's downloads. A file token opens one download and lives a minute, so each click
 * gets its own, and no usable token ever sits in the page (an address to copy, a link to open later).
 * The browser then fetches the file itself, as a link would: it is saved under the server's file name,
 * where the browser saves downloads (or where the user says, when it asks), without passing through the
 * page's memory.
 */
export function useFileDownloads(entityId: string): FileDownloads {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef(false);

  const download = useCallback(
    (key: string, urlFor: (token: string) => string) => {
      if (waiting.current) return;
      waiting.current = true;
      setPending(key);
      setError(null);
      requestJson<FileTokenAnswer>(`/api/v1/file_tokens?${new URLSearchParams({ entity_id: entityId })}`, {
        authenticated: true,
      })
        .then((answer) => startDownload(urlFor(answer.token)))
        .catch((failure: unknown) => {
          console.error('A file download token could not be obtained', failure);
          setError(describeError(failure, 'The download could not be started. Please try again.'));
        })
        .finally(() => {
          waiting.current = false;
          setPending(null);
        });
    },
    [entityId],
  );

  return { download, pending, error };
}
