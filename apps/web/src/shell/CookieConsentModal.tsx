import { PRODUCT_NAME } from '@keel/domain';
import { Anchor, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COOKIE_CONSENT_DELAY_MS } from '../lib/timers';
import { saveCookieConsent, useCookieConsent } from './cookieConsent';

/** Asks for a cookie choice 1 s after the first visit (spec §9) and remembers it. */
export function CookieConsentModal() {
  const consent = useCookieConsent();
  const [due, setDue] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  useEffect(() => {
    if (consent) return;
    const timer = window.setTimeout(() => setDue(true), COOKIE_CONSENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [consent]);

  const decide = (choice: { analytics: boolean; marketing: boolean }) => {
    saveCookieConsent(choice);
    setDue(false);
  };

  return (
    <Modal
      opened={due && !consent}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={`Cookies on ${PRODUCT_NAME}`}
      size="lg"
      yOffset="auto"
    >
      <Stack gap="md">
        <Text size="sm">
          {PRODUCT_NAME} uses cookies that are needed to sign you in and keep your account secure. With your
          permission we also use analytics cookies to improve the product and marketing cookies to measure our
          campaigns. Read more in our{' '}
          <Anchor component={Link} to="/legal/data-privacy" size="sm">
            data privacy notice
          </Anchor>
          .
        </Text>
        {choosing && (
          <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Switch
              checked
              disabled
              label="Strictly necessary"
              description="Sign-in and security. Always on."
            />
            <Switch
              checked={analytics}
              onChange={(event) => setAnalytics(event.currentTarget.checked)}
              label="Analytics"
              description="Anonymous usage statistics."
            />
            <Switch
              checked={marketing}
              onChange={(event) => setMarketing(event.currentTarget.checked)}
              label="Marketing"
              description="Measuring our advertising."
            />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          {choosing ? (
            <Button onClick={() => decide({ analytics, marketing })}>Save</Button>
          ) : (
            <>
              <Button variant="subtle" onClick={() => setChoosing(true)}>
                Let me choose
              </Button>
              <Button variant="default" onClick={() => decide({ analytics: false, marketing: false })}>
                Reject all
              </Button>
              <Button onClick={() => decide({ analytics: true, marketing: true })}>Accept all</Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
