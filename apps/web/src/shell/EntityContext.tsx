import { createContext, useContext } from 'react';
import type { Me, ShellEntity } from './shellQueries';

/** The signed-in user, the selected entity and the server's date, for every page inside the shell. */
export type EntityContextValue = {
  me: Me;
  entity: ShellEntity;
  entities: ShellEntity[];
  /**
   * The company's 'today' (YYYY-MM-DD) in its own time zone (`entity.timeZone`) by the server's clock:
   * use it, not the browser clock, for actual vs forecast.
   */
  today: string;
  selectEntity: (entityId: string) => void;
};

export const EntityContext = createContext<EntityContextValue | null>(null);

export function useEntityContext(): EntityContextValue {
  const value = useContext(EntityContext);
  if (!value) throw new Error('EntityContext not found');
  return value;
}

export function useSelectedEntity(): ShellEntity {
  return useEntityContext().entity;
}
