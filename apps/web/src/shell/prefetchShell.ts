import { graphqlClient } from '../lib/graphqlClient';
import { prefetchQuery } from '../lib/prefetchLink';
import { appStateStore, chooseEntityId } from './selectedEntity';
import { ENTITIES_QUERY, HEADER_QUERY, type ShellEntity } from './shellQueries';

/**
 * Starts the shell's queries (SignedInShell) before the shell's code has loaded: the Entities list and,
 * for the entity remembered on this device, the Header, side by side. Resolves to the entity the shell
 * will show and its day (in its time zone), so a page's own queries can start too; null when the shell will not
 * show one (no company yet, an error: the shell's own queries report it).
 */
export async function prefetchShell(): Promise<{ entity: ShellEntity; today: string } | null> {
  const storedEntityId = appStateStore.read().selectedEntityId;
  const entitiesQuery = prefetchQuery(graphqlClient, ENTITIES_QUERY, {});
  let headerQuery = storedEntityId
    ? prefetchQuery(graphqlClient, HEADER_QUERY, { entityId: storedEntityId })
    : undefined;
  const listed = await entitiesQuery;
  if (!listed) return null;
  // The shell's choice (spec §4): the remembered entity while the user belongs to it, else the default.
  const entityId = chooseEntityId(listed.entities, storedEntityId, listed.me.defaultEntityId);
  if (!entityId) return null;
  if (entityId !== storedEntityId) headerQuery = prefetchQuery(graphqlClient, HEADER_QUERY, { entityId });
  const header = await headerQuery;
  return header ? { entity: header.entity, today: header.entity.today } : null;
}
