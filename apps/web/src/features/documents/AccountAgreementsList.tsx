import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCOUNT_AGREEMENTS, agreementPath } from './accountAgreements';
import { DocumentsSection } from './DocumentsSection';

/** 'Account Agreements' (spec §2): the deposit account's agreements, each with a View link to its text. */
export function AccountAgreementsList() {
  return (
    <DocumentsSection
      title="Account Agreements"
      description="The terms your accounts and cards are held under."
      testId="account-agreements"
    >
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ACCOUNT_AGREEMENTS.map((agreement, index) => (
          <Group
            key={agreement.anchor}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="md"
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group gap="sm" wrap="nowrap">
              <IconFileDescription size={18} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm">{agreement.label}</Text>
            </Group>
            <Anchor
              component={Link}
              to={agreementPath(agreement)}
              size="sm"
              fw={600}
              aria-label={`View ${agreement.label}`}
            >
              View
            </Anchor>
          </Group>
        ))}
      </Stack>
    </DocumentsSection>
  );
}
