import { useLocation } from 'react-router';

/**
 * Shows where the page navigated to: its path and query as text, the query in data-search and the
 * state it handed over in data-state.
 */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div
      data-testid="location"
      data-search={location.search}
      data-state={JSON.stringify(location.state ?? null)}
    >{`${location.pathname}${location.search}`}</div>
  );
}
