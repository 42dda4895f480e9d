import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the Documents page: a bordered card with its title and a line saying what it holds. */
export function DocumentsSection({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} size="h4" id={headingId}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Paper>
  );
}
