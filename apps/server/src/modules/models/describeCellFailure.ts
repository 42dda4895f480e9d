import type { ModelCellView } from './evaluateStoredModel';

/**
 * Why a #ERROR cell fails, as a clause a person reads after "cannot compute 'Tooling cost'": 'uses the
 * deleted variable 'Growth'' (or 'uses a deleted variable' when its name was not kept), else the
 * failure's own message with any variable id in it replaced by that variable's name.
 */
export function describeCellFailure(
  cell: ModelCellView,
  names: ReadonlyMap<string, string>,
  deletedNames: Readonly<Record<string, string>>,
): string {
  if (cell.errorCode === 'UNKNOWN_VARIABLE') {
    const name = cell.missingVariableId === null ? undefined : deletedNames[cell.missingVariableId];
    return name === undefined ? 'uses a deleted variable' : `uses the deleted variable '${name}'`;
  }
  let message = cell.error ?? 'cannot be computed';
  for (const [id, name] of names) message = message.replaceAll(id, `'${name}'`);
  for (const [id, name] of Object.entries(deletedNames)) message = message.replaceAll(id, `'${name}'`);
  return message;
}
