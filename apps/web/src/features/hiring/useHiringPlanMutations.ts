import { useApolloClient } from '@apollo/client/react';
import { useEntityContext } from '../../shell/EntityContext';
import type { HiringMove } from './hiringDrop';
import {
  CREATE_DEPARTMENT_MUTATION,
  CREATE_EMPLOYEE_MUTATION,
  CREATE_JOB_POSITION_MUTATION,
  CREATE_JOB_TITLE_MUTATION,
  DELETE_DEPARTMENT_MUTATION,
  DELETE_EMPLOYEE_MUTATION,
  DELETE_JOB_POSITION_MUTATION,
  DELETE_JOB_TITLE_MUTATION,
  type JobTitleDefaults,
  MOVE_DEPARTMENT_MUTATION,
  MOVE_JOB_POSITION_MUTATION,
  UPDATE_DEPARTMENT_MUTATION,
  UPDATE_EMPLOYEE_MUTATION,
  UPDATE_HIRING_SETTINGS_MUTATION,
  UPDATE_JOB_POSITION_MUTATION,
  UPDATE_JOB_TITLE_MUTATION,
} from './hiringQueries';
import { type PositionDraft, positionVariables } from './positionDraft';
import { describeUnsavedSettings, type SettingsChanges } from './settingsDraft';
import { useHiringActions } from './useHiringActions';

type HiringNameKind = 'role' | 'employee';

/** Every write of the hiring plan page; each refetches the plan and toasts what the server refused. */
export function useHiringPlanMutations() {
  const { entity } = useEntityContext();
  const entityId = entity.id;
  const client = useApolloClient();
  const run = useHiringActions();

  /** A new role, with defaults when given; resolves to its id, or null when refused. */
  const createRole = async (name: string, defaults: Partial<JobTitleDefaults> = {}) => {
    const result = await run('Role not added', () =>
      client.mutate({ mutation: CREATE_JOB_TITLE_MUTATION, variables: { entityId, name, ...defaults } }),
    );
    return result?.data?.createJobTitle.jobTitle?.id ?? null;
  };

  const createName = async (kind: HiringNameKind, name: string): Promise<string | null> => {
    if (kind === 'role') return createRole(name);
    const result = await run('Employee not added', () =>
      client.mutate({ mutation: CREATE_EMPLOYEE_MUTATION, variables: { entityId, name } }),
    );
    return result?.data?.createEmployee.employee?.id ?? null;
  };

  return {
    createName,
    createRole,
    /** Changes a role's defaults: a default left out stays, one sent as null is cleared. */
    updateRoleDefaults: (id: string, change: Partial<JobTitleDefaults>) =>
      run('Role defaults not saved', () =>
        client.mutate({ mutation: UPDATE_JOB_TITLE_MUTATION, variables: { id, ...change } }),
      ),
    /**
     * Saves what changed of the plan's settings (only those fields are sent); resolves to true when
     * saved. A refusal's toast names the fields that were not saved.
     */
    saveSettings: async (changes: SettingsChanges) => {
      const result = await run(describeUnsavedSettings(changes), () =>
        client.mutate({ mutation: UPDATE_HIRING_SETTINGS_MUTATION, variables: { entityId, ...changes } }),
      );
      return result !== null;
    },
    renameName: (kind: HiringNameKind, id: string, name: string) =>
      kind === 'role'
        ? run('Role not renamed', () =>
            client.mutate({ mutation: UPDATE_JOB_TITLE_MUTATION, variables: { id, name } }),
          )
        : run('Employee not renamed', () =>
            client.mutate({ mutation: UPDATE_EMPLOYEE_MUTATION, variables: { id, name } }),
          ),
    deleteName: (kind: HiringNameKind, id: string) =>
      kind === 'role'
        ? run('Role not deleted', () =>
            client.mutate({ mutation: DELETE_JOB_TITLE_MUTATION, variables: { id } }),
          )
        : run('Employee not deleted', () =>
            client.mutate({ mutation: DELETE_EMPLOYEE_MUTATION, variables: { id } }),
          ),
    createDepartment: (parentId: string, name: string) =>
      run('Department not added', () =>
        client.mutate({ mutation: CREATE_DEPARTMENT_MUTATION, variables: { entityId, parentId, name } }),
      ),
    renameDepartment: (id: string, name: string) =>
      run('Department not renamed', () =>
        client.mutate({ mutation: UPDATE_DEPARTMENT_MUTATION, variables: { id, name } }),
      ),
    deleteDepartment: (id: string) =>
      run('Department not deleted', () =>
        client.mutate({ mutation: DELETE_DEPARTMENT_MUTATION, variables: { id } }),
      ),
    /** Resolves to true when the position was saved. */
    savePosition: async (draft: PositionDraft, target: { departmentId: string } | { id: string }) => {
      if ('id' in target) {
        const result = await run('Job position not saved', () =>
          client.mutate({
            mutation: UPDATE_JOB_POSITION_MUTATION,
            variables: { id: target.id, ...positionVariables(draft, false) },
          }),
        );
        return result !== null;
      }
      const result = await run('Job position not added', () =>
        client.mutate({
          mutation: CREATE_JOB_POSITION_MUTATION,
          variables: { entityId, departmentId: target.departmentId, ...positionVariables(draft, true) },
        }),
      );
      return result !== null;
    },
    deletePosition: (id: string) =>
      run('Job position not deleted', () =>
        client.mutate({ mutation: DELETE_JOB_POSITION_MUTATION, variables: { id } }),
      ),
    /** A drag and drop's move (spec §4). */
    move: (move: HiringMove) => {
      if (move.kind === 'department') {
        const { id, parentId, position } = move;
        return run('Department not moved', () =>
          client.mutate({ mutation: MOVE_DEPARTMENT_MUTATION, variables: { id, parentId, position } }),
        );
      }
      const { id, departmentId, position } = move;
      return run('Job position not moved', () =>
        client.mutate({ mutation: MOVE_JOB_POSITION_MUTATION, variables: { id, departmentId, position } }),
      );
    },
  };
}
