import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../lib/graphql';
import type { HiringMove } from './hiringDrop';
import { useHiringActions } from './useHiringActions';

const MOVE_DEPARTMENT_MUTATION = graphql(`
  mutation MoveDepartment($id: ID!, $parentId: ID, $position: HiringPlacementInput) {
    updateDepartment(id: $id, parentId: $parentId, position: $position) {
      errors
      department {
        id
      }
    }
  }
`);

const MOVE_JOB_POSITION_MUTATION = graphql(`
  mutation MoveJobPosition($id: ID!, $departmentId: ID!, $position: HiringPlacementInput!) {
    updateJobPosition(id: $id, departmentId: $departmentId, position: $position) {
      errors
      jobPosition {
        id
      }
    }
  }
`);

/** Sends a drag and drop's move (spec §4); the plan is refetched and a refusal toasts why. */
export function useHiringMoves() {
  const client = useApolloClient();
  const run = useHiringActions();
  return (move: HiringMove) => {
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
  };
}
