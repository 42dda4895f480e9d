/**
 * Where an authenticated call that the server refused (HTTP 401 or GraphQL UNAUTHENTICATED) sends the
 * user: main.tsx points it at /logout (spec §8). Kept apart from the router so lib code needs no React.
 */
let handler: () => void = () => {
  window.location.assign('/logout');
};

export function setUnauthenticatedHandler(next: () => void) {
  handler = next;
}

export function notifyUnauthenticated() {
  if (window.location.pathname === '/logout') return;
  handler();
}
