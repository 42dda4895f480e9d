/**
 * Keel's model formulas (spec: Models): the formula language (parse, print, references), its values and
 * functions, formula segments, and the evaluation of a model's variables over its months.
 */

export * from './formulaErrors';
export {
  type FormulaFailure,
  type FormulaValue,
  formatModelCell,
  isFailure,
  type ModelCell,
  modelValueToCents,
} from './formulaValue';
export {
  FORMULA_FUNCTION_NAMES,
  FORMULA_FUNCTIONS,
  type FormulaFunctionInfo,
  type FormulaFunctionName,
  findFormulaFunction,
} from './functions/formulaFunctions';
export { type RoundingMode, roundDecimal } from './functions/roundDecimal';
export * from './language/formulaAst';
export { FORMULA_DEPTH_MAX, FORMULA_TEXT_MAX, parseFormula } from './language/parseFormula';
export * from './language/printFormula';
export * from './language/referencedVariables';
export { FORMULA_MAX_MONTH_OFFSET } from './language/tokenizeFormula';
export * from './model/createModelEvaluator';
export * from './model/findFormulasUsing';
export * from './model/findLargeOutputChanges';
export * from './model/formulaSegments';
export * from './model/inputConversion';
export * from './model/modelTypes';
export { type MonthSerial, monthKeyOfSerial, monthSerial } from './monthSerial';
