import { builder } from './builder';
import { fieldOfIssue } from './parseInput';

/** A refusal a form shows under one of its fields: the field's name and the message. */
export type FieldError = { field: string; message: string };

export const FieldErrorRef = builder.objectRef<FieldError>('FieldError').implement({
  description: 'Why a value was refused, and the field it is about (the form shows it under that field).',
  fields: (t) => ({
    field: t.exposeString('field', { description: "The argument, or 'argument.field' inside an input." }),
    message: t.exposeString('message'),
  }),
});

/** Every issue of a failed parse as field errors, one per field (its first message). */
export function fieldErrorsOf(
  issues: readonly { path: PropertyKey[]; message: string }[],
  fallbackField: string,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = fieldOfIssue(issue) ?? fallbackField;
    if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
  }
  return errors;
}
