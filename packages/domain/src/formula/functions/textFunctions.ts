import { toText } from '../formulaValue';
import { functionFailure, type ScalarFunction } from './scalarFunction';

/** TO_UPPER(text): the text in capital letters; a number or boolean is first written as text ("TRUE"). */
const TO_UPPER: ScalarFunction = (args) => {
  const text = toText(args[0] ?? '');
  return typeof text === 'object' ? text : text.toUpperCase();
};

/**
 * THROW(message): always fails, with the message (written as text) as the error's message, e.g. to
 * mark months a model must not reach: `IF({{cash}} < 0, THROW("Out of cash"), {{cash}})`.
 */
const THROW: ScalarFunction = (args) => {
  const message = toText(args[0] ?? '');
  if (typeof message === 'object') return message;
  return functionFailure(message.trim() === '' ? 'THROW was called' : message);
};

export const TEXT_FUNCTIONS = { TO_UPPER, THROW } satisfies Record<string, ScalarFunction>;
