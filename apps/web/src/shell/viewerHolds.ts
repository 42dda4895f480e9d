import { type Capability, isRole, roleCan } from '@keel/domain';
import { useEntityContext } from './EntityContext';

/** Whether the viewer's role in the company (as the server sends it) holds a capability of the permission table. */
export function viewerHolds(viewerRole: string, capability: Capability): boolean {
  return isRole(viewerRole) && roleCan(viewerRole, capability);
}

/** Whether the viewer holds a capability in the company the page shows. */
export function useViewerHolds(capability: Capability): boolean {
  return viewerHolds(useEntityContext().entity.viewerRole, capability);
}
