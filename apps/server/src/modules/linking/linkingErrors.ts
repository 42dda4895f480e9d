import { apiError, badInput } from '../../errors';

/** The linking module's messages (foreign link ids answer like unknown ones). */
export const LINKING_MESSAGES = {
  linkNotFound: 'Bank link not found',
  redirectUrl: (path: string) => `Redirect URL must be this app's ${path} page`,
  tokenFormat: (label: string) => `${label} is not a valid token`,
  tokenRefused: 'This bank connection has expired or was already used. Please connect again.',
  alreadyLinked: 'This institution is already linked. Reconnect or delete the existing link instead.',
  providerRefused: 'The bank connection service refused the request. Please try again later.',
} as const;

export const bankLinkNotFound = () => apiError('NOT_FOUND', LINKING_MESSAGES.linkNotFound);
export const linkingRefusal = (message: string, field: string) => badInput(message, field);
