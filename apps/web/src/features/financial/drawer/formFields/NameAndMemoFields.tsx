import { TextInput } from '@mantine/core';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';

type NameAndMemoValues = { name: string; memo: string };

/** The Name and Memo fields of the Entry and Forecast forms (drawerFormSchema checks both). */
export function NameAndMemoFields<T extends NameAndMemoValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NameAndMemoValues>;
}) {
  // T has both fields (its constraint), but react-hook-form cannot see a literal path of a generic T.
  const nameField = register('name' as Path<T>);
  const memoField = register('memo' as Path<T>);
  return (
    <>
      <TextInput label="Name" {...nameField} error={errors.name?.message} />
      <TextInput label="Memo" {...memoField} error={errors.memo?.message} />
    </>
  );
}
