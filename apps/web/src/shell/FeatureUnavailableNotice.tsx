import { PRODUCT_NAME } from '@keel/domain';
import { Alert, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/**
 * What stands in the place of a feature this server does not offer: the server's words ('Banking is
 * not set up on this server'), so nobody mistakes an empty page for an empty account. `compact` is the
 * one-line form for a control's place inside a card or a row.
 */
export function FeatureUnavailableNotice({ notice, compact = false }: { notice: string; compact?: boolean }) {
  if (compact) {
    return (
      <Text
        size="sm"
        c="dimmed"
        data-testid="feature-unavailable"
        style={{ display: 'flex', alignItems: 'center', gap: 6 }}
      >
        <IconPlugConnectedX size={16} aria-hidden style={{ flex: 'none' }} />
        {notice}
      </Text>
    );
  }
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      icon={<IconPlugConnectedX size={20} />}
      title={notice}
      data-testid="feature-unavailable"
    >
      <Text size="sm">
        Whoever runs {PRODUCT_NAME} for your company has not connected it to a provider. Everything else works
        as usual.
      </Text>
    </Alert>
  );
}
