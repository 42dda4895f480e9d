import { PRODUCT_NAME } from '@keel/domain';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../../auth/AuthLayout';
import { APPLY_PATH, withReturnPath } from '../../auth/returnPath';
import { DepositAccountHighlights } from './DepositAccountHighlights';

/**
 * /apply for a visitor who is not signed in (spec §2 lists it with the public routes): what a Keel
 * account is, and the way in. An account belongs to a company in Keel, so the application needs a
 * signed-in owner or admin: signing in or creating an account comes back here (?next=/apply).
 */
export function ApplyIntroPage() {
  return (
    <AuthLayout
      title={`Open a ${PRODUCT_NAME} Account`}
      subtitle={`A business checking account inside ${PRODUCT_NAME}, for the company whose books you keep here.`}
    >
      <Stack gap="lg">
        <Stack gap="sm">
          <Button component={Link} to={withReturnPath('/login', APPLY_PATH)} size="md" fullWidth>
            Sign in to apply
          </Button>
          <Button
            component={Link}
            to={withReturnPath('/signup', APPLY_PATH)}
            size="md"
            variant="default"
            fullWidth
          >
            Create an account
          </Button>
          <Text size="xs" c="dimmed">
            An owner or admin of the company applies. New to {PRODUCT_NAME}? Create your account and your
            company first: you come back to the application after.
          </Text>
        </Stack>
        <DepositAccountHighlights />
      </Stack>
    </AuthLayout>
  );
}
