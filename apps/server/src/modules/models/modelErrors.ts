import { describeLargeOutputChange, LARGE_CHANGE_FACTOR, type LargeOutputChange } from '@keel/domain';
import { apiError, KeelError } from '../../errors';

/**
 * The models module's refusals. A missing row and another company's row get the same NOT_FOUND
 * answer, so a refusal reveals nothing about other companies.
 */
export const modelNotFound = () => apiError('NOT_FOUND', 'Model not found');
export const variableNotFound = () => apiError('NOT_FOUND', 'Variable not found');
export const outputNotFound = () => apiError('NOT_FOUND', 'Output not found');
export const badModelInput = (message: string) => apiError('BAD_USER_INPUT', message);

/** An output a change moves more than LARGE_CHANGE_FACTOR, with the names a person knows it by. */
export type LargeChangeEffect = LargeOutputChange & {
  variableId: string;
  variableName: string;
  accountId: string;
  accountName: string;
};

/**
 * CONFIRMATION_REQUIRED for a model change that moves outputs more than LARGE_CHANGE_FACTOR in a month:
 * the message names them, `extensions.largeChanges` lists them (LargeChangeEffect; the first of `count`
 * when there are more), nothing is saved.
 */
export function largeChangeNotConfirmed(effects: LargeChangeEffect[], count: number): KeelError {
  const named = effects
    .slice(0, 3)
    .map((effect) => describeLargeOutputChange(effect, `${effect.variableName} → ${effect.accountName}`));
  if (count > named.length) named.push(`and ${count - named.length} more`);
  const outputs = count === 1 ? 'an output' : `${count} outputs`;
  const message = `This change moves ${outputs} more than ${LARGE_CHANGE_FACTOR}× in a month: ${named.join('; ')}. Nothing was saved; send it again with confirmLargeChange: true to save it.`;
  return new KeelError('CONFIRMATION_REQUIRED', message, { largeChanges: effects, largeChangeCount: count });
}

/** A formula that reads a variable being deleted. */
type FormulaUsingVariable = { id: string; name: string };

/**
 * CONFIRMATION_REQUIRED for deleting a variable that formulas read: the message names them,
 * `extensions.usedBy` lists them ({ id, name }), nothing is deleted. Their cells would show #ERROR
 * and the outputs they write would keep their last good figures, marked stale.
 */
export function variableInUse(variableName: string, usedBy: FormulaUsingVariable[]): KeelError {
  const named = usedBy.map((formula) => `'${formula.name}'`).join(', ');
  const formulas = usedBy.length === 1 ? 'the formula' : 'the formulas';
  const message = `'${variableName}' is used by ${formulas} ${named}: deleting it makes their cells #ERROR, and any output they write keeps its last good figures, marked stale. Nothing was deleted; send it again with confirmUsedByFormulas: true to delete it.`;
  return new KeelError('CONFIRMATION_REQUIRED', message, { usedBy });
}
