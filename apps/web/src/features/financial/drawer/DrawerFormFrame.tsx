import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

type DrawerFormFrameProps = {
  title: 'New Entry' | 'Edit Entry' | 'New Forecast' | 'Edit Forecast';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** Save is disabled while the form is invalid or saving. */
  canSubmit: boolean;
  saving: boolean;
  /** The server's answer to a failed save, shown under the form. */
  serverError: string | null;
  children: ReactNode;
};

/** The frame every drawer form shares: heading, fields, Cancel and Save, the server's error. */
export function DrawerFormFrame({
  title,
  onSubmit,
  onCancel,
  canSubmit,
  saving,
  serverError,
  children,
}: DrawerFormFrameProps) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="drawer-form">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="xs">
          <Title order={4}>{title}</Title>
          {children}
          {/* Stays at the bottom of the drawer's scrolling body, so Save is always in reach. */}
          <Group
            justify="flex-end"
            gap="xs"
            py={6}
            data-testid="drawer-form-actions"
            style={{
              position: 'sticky',
              bottom: 0,
              zIndex: 1,
              background: 'var(--mantine-color-body)',
              borderTop: '1px solid var(--mantine-color-gray-2)',
            }}
          >
            <Button variant="default" size="xs" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" size="xs" disabled={!canSubmit || saving} loading={saving}>
              Save
            </Button>
          </Group>
          {serverError ? (
            <Alert color="red" p="xs" role="alert" data-testid="drawer-form-error">
              {serverError}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** A failed mutation's message for the form (GraphQL errors carry the server's words). */
export function describeSaveError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}
