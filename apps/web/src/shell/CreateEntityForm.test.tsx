import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { CreateEntityForm } from './CreateEntityForm';
import { CREATE_ENTITY_MUTATION, ENTITIES_QUERY } from './shellQueries';

/** The browser says it is in `timeZone` (Intl's resolved options), whatever the test machine's zone. */
function browserIn(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const created = (name: string, timeZone: string) => ({
  request: { query: CREATE_ENTITY_MUTATION, variables: { name, timeZone } },
  result: { data: { createEntity: { __typename: 'Entity', id: 'new-entity', name, timeZone } } },
});

const entitiesRefetch = {
  request: { query: ENTITIES_QUERY },
  result: { data: { me: { __typename: 'Me', id: 'u1', defaultEntityId: null }, entities: [] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderForm(mocks: MockLink.MockedResponse[]) {
  const onCreated = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={mocks}>
        <CreateEntityForm onCreated={onCreated} />
      </MockedProvider>
    </MantineProvider>,
  );
  return { onCreated };
}

const zoneInput = () => screen.getByRole('combobox', { name: 'Time zone' });

/** Typing into a list of some 420 zones takes seconds in jsdom on a busy machine. */
const PICKER_TEST_MS = 20_000;

describe('CreateEntityForm', () => {
  it(
    "starts with the browser's time zone and sends it with the name",
    async () => {
      browserIn('America/Los_Angeles');
      const { onCreated } = renderForm([created('Pacific Bakery', 'America/Los_Angeles'), entitiesRefetch]);
      expect((zoneInput() as HTMLInputElement).value).toMatch(/^America\/Los Angeles \(GMT[-−][78]\)$/);
      fireEvent.change(screen.getByRole('textbox', { name: 'Company name' }), {
        target: { value: 'Pacific Bakery' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Create entity' }));
      await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-entity'));
    },
    PICKER_TEST_MS,
  );

  it(
    'sends the zone picked from the searchable list instead',
    async () => {
      browserIn('America/Los_Angeles');
      const { onCreated } = renderForm([created('Windy Co', 'America/Chicago'), entitiesRefetch]);
      fireEvent.change(screen.getByRole('textbox', { name: 'Company name' }), {
        target: { value: 'Windy Co' },
      });
      const user = userEvent.setup({ delay: null });
      await user.click(zoneInput());
      await user.clear(zoneInput());
      await user.type(zoneInput(), 'Chicago');
      await user.click(
        await screen.findByRole('option', { name: /^America\/Chicago \(GMT[-−][56]\)$/, hidden: true }),
      );
      expect((zoneInput() as HTMLInputElement).value).toMatch(/^America\/Chicago \(GMT[-−][56]\)$/);
      fireEvent.click(screen.getByRole('button', { name: 'Create entity' }));
      await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-entity'));
    },
    PICKER_TEST_MS,
  );

  it(
    'falls back to UTC when the browser names no zone it knows, and shows a refusal',
    async () => {
      browserIn('Mars/Olympus');
      const { onCreated } = renderForm([
        {
          request: { query: CREATE_ENTITY_MUTATION, variables: { name: 'Red Planet Ltd', timeZone: 'UTC' } },
          result: {
            errors: [
              new GraphQLError('Name is taken on Mars', {
                extensions: { code: 'BAD_USER_INPUT', field: 'name' },
              }),
            ],
          },
        },
      ]);
      expect(zoneInput()).toHaveValue('UTC');
      fireEvent.change(screen.getByRole('textbox', { name: 'Company name' }), {
        target: { value: 'Red Planet Ltd' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Create entity' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Name is taken on Mars');
      expect(onCreated).not.toHaveBeenCalled();
    },
    PICKER_TEST_MS,
  );
});
