import { ApolloProvider, skipToken, useMutation, useQuery } from '@apollo/client/react';
import { AppShell, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useAccessToken } from '../lib/authToken';
import { graphqlClient, graphqlErrorCode } from '../lib/graphqlClient';
import { lazyPage } from '../lib/lazyPage';
import { CreateEntityForm } from './CreateEntityForm';
import { EntityContext, type EntityContextValue, useEntityContext } from './EntityContext';
import { KeelLogo } from './KeelLogo';
import { LoadingScreen } from './LoadingScreen';
import { CARDS_PATH, canSeeBooks, isPathAllowed } from './navigation';
import { useNavOpen } from './navOpen';
import { PAGE_BOTTOM_GAP_PX } from './pageLayout';
import { Sidebar } from './Sidebar';
import { SimulatedFeaturesBanner } from './SimulatedFeaturesBanner';
import { chooseEntityId, storeSelectedEntityId, useStoredEntityId } from './selectedEntity';
import { ServerFeaturesContext } from './serverFeatures';
import { ENTITIES_QUERY, HEADER_QUERY, OPEN_ENTITY_MUTATION } from './shellQueries';

/** 'Ask Keel AI' (spec §2 floating chat button): its own chunk, loaded once the shell is up. */
const AssistantChat = lazyPage(() =>
  import('../features/assistant/AssistantChat').then((m) => m.AssistantChat),
);

/** Sidebar widths: open (spec: 240 px) and collapsed to icons. */
const SIDEBAR_OPEN_WIDTH = 240;
const SIDEBAR_COLLAPSED_WIDTH = 72;

/**
 * The signed-in part of the app. Signed-out visitors go to /login (spec §2). Confirm dialogs
 * (`modals.openConfirmModal`) are only opened in here, so their provider lives here, out of the
 * sign-in pages' code.
 */
export function AppShellLayout() {
  const token = useAccessToken();
  if (!token) return <Navigate to="/login" replace />;
  return (
    <ApolloProvider client={graphqlClient}>
      <ModalsProvider>
        <SignedInShell />
      </ModalsProvider>
    </ApolloProvider>
  );
}

/** The shell once signed in: loads the entities, restores the selected one, then the Header data. */
export function SignedInShell() {
  const storedEntityId = useStoredEntityId();
  const entitiesQuery = useQuery(ENTITIES_QUERY);
  const entities = entitiesQuery.data?.entities;
  const defaultEntityId = entitiesQuery.data?.me.defaultEntityId ?? null;
  const entityId = entities ? chooseEntityId(entities, storedEntityId, defaultEntityId) : null;

  // Spec §4: a stored entity that no longer exists falls back to the first, and the choice is stored.
  useEffect(() => {
    if (entityId && entityId !== storedEntityId) storeSelectedEntityId(entityId);
  }, [entityId, storedEntityId]);
  // The server remembers it too, so signing in again (on any device) lands on the same company. A
  // failure only loses that convenience: nothing to show.
  const [openEntity] = useMutation(OPEN_ENTITY_MUTATION);
  useEffect(() => {
    if (entityId) openEntity({ variables: { entityId } }).catch(() => undefined);
  }, [entityId, openEntity]);

  const headerQuery = useQuery(HEADER_QUERY, entityId ? { variables: { entityId } } : skipToken);
  // While another entity loads, the previous one stays on screen instead of a loading flash.
  const header = headerQuery.data ?? headerQuery.previousData;

  const selectEntity = useCallback((id: string) => storeSelectedEntityId(id), []);
  // The entity list comes from the Entities query, which creating an entity refetches.
  const context = useMemo<EntityContextValue | null>(
    () =>
      header && entities
        ? { me: header.me, entity: header.entity, entities, today: header.entity.today, selectEntity }
        : null,
    [header, entities, selectEntity],
  );

  const error = entitiesQuery.error ?? headerQuery.error;
  if (error) {
    // UNAUTHENTICATED is already on its way to /logout.
    if (graphqlErrorCode(error) === 'UNAUTHENTICATED') return <LoadingScreen label="Signing out…" />;
    return <ShellLoadError message={error.message} onRetry={() => void entitiesQuery.refetch()} />;
  }
  if (entities && entities.length === 0) return <FirstEntity onCreated={selectEntity} />;
  if (!context) return <LoadingScreen />;

  return (
    <EntityContext.Provider value={context}>
      <ServerFeaturesContext.Provider value={header?.serverFeatures ?? null}>
        <ShellFrame />
      </ServerFeaturesContext.Provider>
    </EntityContext.Provider>
  );
}

function ShellFrame() {
  const [navOpen, setNavOpen] = useNavOpen();
  const { entity } = useEntityContext();
  const { pathname } = useLocation();
  // A page the viewer's role does not show (a card-only member opening /financial) sends them to theirs.
  if (!isPathAllowed(entity.viewerRole, pathname)) return <Navigate to={CARDS_PATH} replace />;
  return (
    <AppShell
      navbar={{ width: navOpen ? SIDEBAR_OPEN_WIDTH : SIDEBAR_COLLAPSED_WIDTH, breakpoint: 0 }}
      padding={0}
      styles={{
        navbar: {
          background: 'var(--mantine-color-gray-0)',
          borderRight: '1px solid var(--mantine-color-gray-2)',
        },
        main: { background: 'var(--mantine-color-white)', minHeight: '100vh' },
      }}
    >
      <AppShell.Navbar>
        <Sidebar open={navOpen} onToggle={() => setNavOpen(!navOpen)} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box component="section" px={{ base: 'md', sm: 'xl' }} pt="lg" pb={PAGE_BOTTOM_GAP_PX} maw={1600}>
          <SimulatedFeaturesBanner />
          <Suspense fallback={<LoadingScreen fullScreen={false} />}>
            {/* A new entity remounts the page: nothing of the previous company's stays on screen. */}
            <Outlet key={entity.id} />
          </Suspense>
        </Box>
      </AppShell.Main>
      {/* On every page of a company whose books the viewer reads; a new company, a new conversation. */}
      {canSeeBooks(entity.viewerRole) ? (
        <Suspense fallback={null}>
          <AssistantChat key={entity.id} entityId={entity.id} />
        </Suspense>
      ) : null}
    </AppShell>
  );
}

/** A new user without an entity creates one before anything else can be shown. */
function FirstEntity({ onCreated }: { onCreated: (entityId: string) => void }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <KeelLogo />
          <div>
            <Title order={3}>Set up your company</Title>
            <Text c="dimmed" size="sm" mt={4}>
              Reports, accounts and plans belong to a company. Name yours to get started.
            </Text>
          </div>
          <CreateEntityForm onCreated={onCreated} submitLabel="Create company" />
          <Button component={Link} to="/logout" variant="subtle" color="gray" size="xs">
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

function ShellLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={3}>We could not load your workspace</Title>
        <Text c="dimmed">{message}</Text>
        <Button onClick={onRetry}>Try again</Button>
        <Button component={Link} to="/logout" variant="subtle" color="gray" size="xs">
          Sign out
        </Button>
      </Stack>
    </Center>
  );
}
